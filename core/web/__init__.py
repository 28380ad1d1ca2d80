"""The web board (``phaseline serve``): the current match in a browser, drawn by the same SVG
code as ``phaseline map --svg``, played with the same order code as the command line."""
