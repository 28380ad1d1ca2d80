"""Drawing a match for people: ASCII hex maps, area tables, SVG and the state listing.

Renderers read a :class:`~phaseline.render.board.Board` (the map and who stands where)
and return text; the CLI only prints it. A game may draw its own map through the
``phaseline_render_map`` hook; these are the engine's generic renderers.
"""
