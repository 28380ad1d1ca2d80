"""Where a tournament's matches are played: here, in a pool of processes, or on a dask cluster.

Each executor takes the match specs and yields their parts as they are done (in no particular
order). Every match is played in a store of its own in memory (DuckDB allows one writer per
file), which its worker makes cheaply (stores.py): the store of the tournament receives the
matches at the end, in one transaction.

With ``pool`` above 1 a worker takes the specs in chunks of up to that many and plays each
chunk as one pool (pool.py: one store, their rule queries asked together); the chunks are cut
so that every worker has some. A chunk of one match is played alone, as with ``pool`` 1.
"""

from __future__ import annotations

import importlib.util
import itertools
import logging
import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..errors import InvalidOrder
from .pool import play_pool
from .stores import MatchStores, process_stores
from .worker import MatchPart, play_match

if TYPE_CHECKING:
    from ..plugins import Registry
    from .plan import MatchSpec

Executor = Callable[[list["MatchSpec"]], Iterator[MatchPart]]
EXECUTORS = ("local", "dask")
DASK_MISSING = "--executor dask needs dask.distributed: pip install 'phaseline[dask]'"


def executor(name: str, jobs: int, registry: Registry, scheduler: str | None = None, pool: int = 1) -> Executor:
    """The executor ``name`` with ``jobs`` workers (``local`` with one job plays in this process),
    each playing ``pool`` matches at a time in one store."""
    if jobs < 1:
        raise InvalidOrder(f"--jobs takes a number of workers from 1, not {jobs}")
    if pool < 1:
        raise InvalidOrder(f"--pool takes a number of matches a worker plays together from 1, not {pool}")
    if name not in EXECUTORS:
        raise InvalidOrder(f"--executor takes {' or '.join(map(repr, EXECUTORS))}, not {name!r}")
    if name == "dask":
        if importlib.util.find_spec("distributed") is None:
            raise InvalidOrder(DASK_MISSING)
        return lambda specs: on_dask(chunks(specs, pool, jobs), jobs, scheduler)
    if scheduler is not None:
        raise InvalidOrder("--scheduler names a dask scheduler: it goes with --executor dask")
    if jobs == 1:
        return lambda specs: in_this_process(chunks(specs, pool, jobs), registry)
    return lambda specs: in_processes(chunks(specs, pool, jobs), jobs)


def chunks(specs: list[MatchSpec], pool: int, jobs: int) -> list[list[MatchSpec]]:
    """``specs`` in chunks of up to ``pool``, as even as may be, and at least one for each of ``jobs``."""
    count = max(-(-len(specs) // pool), min(jobs, len(specs)))
    size, extra = divmod(len(specs), count)
    bounds = [index * size + min(index, extra) for index in range(count + 1)]
    return [specs[start:end] for start, end in itertools.pairwise(bounds)]


def play_chunk(
    specs: list[MatchSpec], registry: Registry | None = None, stores: MatchStores | None = None
) -> list[MatchPart]:
    """The parts of a chunk of specs: one match alone (in a store ``stores`` makes), more as a pool."""
    if len(specs) == 1:
        return [play_match(specs[0], registry, stores)]
    return play_pool(specs, registry)


def play_worker_chunk(specs: list[MatchSpec]) -> list[MatchPart]:
    """:func:`play_chunk` in a worker process, with the installed plugins and the process's match stores."""
    return play_chunk(specs, None, process_stores())


def in_this_process(specs: list[list[MatchSpec]], registry: Registry) -> Iterator[MatchPart]:
    """The parts of the chunks of ``specs`` played one after another in this process."""
    with MatchStores() as stores:
        for chunk in specs:
            yield from play_chunk(chunk, registry, stores)


def in_processes(specs: list[list[MatchSpec]], jobs: int) -> Iterator[MatchPart]:
    """The parts of the chunks of ``specs`` played by ``jobs`` worker processes of this machine.

    Workers are spawned (a fresh interpreter each, which loads the installed plugins once):
    forking a process that has used DuckDB could copy its threads' locks mid-use.
    """
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
    try:
        futures = [pool.submit(play_worker_chunk, chunk) for chunk in specs]
        for future in as_completed(futures):
            yield from future.result()
    finally:  # done, or stopped (an interrupt, a failed merge): no match is left running
        pool.shutdown(wait=True, cancel_futures=True)


def on_dask(specs: list[list[MatchSpec]], jobs: int, scheduler: str | None) -> Iterator[MatchPart]:
    """The parts of the chunks of ``specs`` played on a dask.distributed cluster: the one at ``scheduler``, or a
    local cluster of ``jobs`` worker processes on this machine (its loopback address only)."""
    from distributed import Client, LocalCluster
    from distributed import as_completed as completed

    with _cluster(LocalCluster, jobs, scheduler) as address, Client(address) as client:
        futures = client.map(play_worker_chunk, specs, pure=False)
        try:
            for future in completed(futures):
                yield from future.result()
        finally:
            client.cancel(futures)


@contextmanager
def _cluster(local_cluster: Any, jobs: int, scheduler: str | None) -> Iterator[Any]:
    """The scheduler to use: ``scheduler`` as given, or a local cluster's, closed on exit."""
    if scheduler is not None:
        yield scheduler
        return
    cluster = local_cluster(
        n_workers=jobs,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    try:
        yield cluster
    finally:
        cluster.close()
