"""The boxes beside the strategic map and the battle sheet's spaces (docs/nimitz.md), and the
points the rules name."""

from __future__ import annotations

WEST_COAST, HAWAII, AUSTRALIA, JAPAN = "WestCoast", "Hawaii", "Australia", "Japan"
OKINAWA, IWO_JIMA, MARIANAS = "Okinawa", "IwoJima", "Marianas"
US_REINF, JP_REINF, JP_BN = "US-REINF", "JP-REINF", "JP-BN"
RAIDING, B29, INVASION, STORAGE = "RAIDING", "B29", "INVASION", "STORAGE"
RETURN_BOXES = ("R42", "R43", "R44")  # 11.3: R42 is the box nearest Hawaii

BOXES = {
    US_REINF: ("US reinforcement box", "seed 6.2: US units are bought from the reinforcement box"),
    JP_REINF: ("Japanese reinforcement box", "seed 11.1, 11.2: the Japanese stacks by type in the reinforcement box"),
    JP_BN: ("Japanese battalion box", "seed 2.8, 9.1: Japanese battalions not on the map"),
    "R42": ("Return-to-port box (nearest Hawaii)", "seed 11.3: three boxes beside Hawaii; year labels lost"),
    "R43": ("Return-to-port box (middle)", "seed 11.3: three boxes beside Hawaii; year labels lost"),
    "R44": ("Return-to-port box (farthest)", "seed 11.3: three boxes beside Hawaii; year labels lost"),
    RAIDING: ("Commerce-raiding submarine box", "seed 8.4"),
    B29: ("B-29 strategic bombing box", "seed 12.2: beside the Marianas"),
    INVASION: ("Japan invasion box", "seed 12.3 (number lost in transcription): 1945 only"),
    STORAGE: ("Carrier-aircraft storage box", "seed 2.7, 10.6: carrier aircraft between battles"),
    # 10.0 the battle sheet: four areas, the island's positions, beaches and airfields, the decks
    "JP-SEA": ("Japanese sea area", "seed 2.2, 10.0: battle sheet area"),
    "COASTAL": ("Coastal area", "seed 2.2, 10.0: battle sheet area"),
    "ISLAND": ("Island", "seed 2.2, 10.0: battle sheet area"),
    "US-SEA": ("US sea area", "seed 2.2, 10.0: battle sheet area"),
    "JP-POSITION": ("Japanese position (island)", "seed 10.2, 10.17"),
    "JP-BEACH": ("Japanese beach (island)", "seed 10.6 step 6"),
    "JP-AIRFIELD": ("Japanese airfield (island)", "seed 10.2"),
    "US-POSITION": ("US position (island)", "seed 10.1, 10.17"),
    "US-BEACH": ("US beach (island)", "seed 10.6 step 6"),
    "US-AIRFIELD": ("US airfield (island)", "seed 10.1"),
    "JP-DECK": ("Japanese carrier decks", "seed 10.2: carrier aircraft beside their carriers"),
    "US-DECK": ("US carrier decks", "seed 10.1: carrier aircraft beside their carriers"),
}
PLACES = frozenset({US_REINF, JP_REINF, JP_BN, *RETURN_BOXES, RAIDING, B29, INVASION, STORAGE})  # set-up places
