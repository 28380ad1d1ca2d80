"""Ed25519 signatures (the ``cryptography`` package) and the exact messages phaseline signs.

A seat signs the last event of each block it makes (the hash chain ties that event to
every one before it), its claim of a seat and the reveal of its dice secret. Every message
names the match's identity (``uid``), so a signature never fits another match.
Keys and signatures travel as hex.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

CLAIMED = ("side", "epoch", "player", "public_key", "commitment", "from_seq")  # the columns a claim signs


def new_key() -> tuple[str, str]:
    """A fresh key pair: (private key, public key), as hex."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.generate()
    return key.private_bytes_raw().hex(), key.public_key().public_bytes_raw().hex()


def sign(private: str, message: bytes) -> str:
    """The signature (hex) of ``message`` by the private key ``private`` (hex)."""
    return _private(private).sign(message).hex()


def is_valid(public: str, signature: str | None, message: bytes) -> bool:
    """Whether ``signature`` (hex) is the signature of ``message`` by ``public`` (hex)."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    if not signature:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public)).verify(bytes.fromhex(signature), message)
    except (InvalidSignature, ValueError):
        return False
    return True


@lru_cache(maxsize=64)
def _private(private: str) -> Ed25519PrivateKey:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(private))


# --- what is signed --------------------------------------------------------------


def event_message(uid: str, seq: int, digest: str) -> bytes:
    """A block's signature: its last event's seq and hash."""
    return f"phaseline-event:{uid}:{seq}:{digest}".encode()


def claim_message(uid: str, row: dict[str, Any]) -> bytes:
    """A seat's claim: its side, epoch, player, key, dice commitment and first event."""
    return ("phaseline-seat:" + ":".join([uid, *(str(row[c]) for c in CLAIMED)])).encode()


def reveal_message(uid: str, side: str, epoch: int, secret: str) -> bytes:
    """A seat's reveal of the dice secret of one epoch."""
    return f"phaseline-reveal:{uid}:{side}:{epoch}:{secret}".encode()
