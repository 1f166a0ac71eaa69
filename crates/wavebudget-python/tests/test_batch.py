"""``occupancy_batch`` against llc-22 (the model's test points: LLVM's occupancy-levels test, llc-22's numbers
in crates/wavebudget-model/tests/data/occupancy_levels.tsv) and against the scalar ``occupancy`` on random
arrays of every integer dtype, broadcast as numpy broadcasts (a property test with fixed seeds)."""

import collections
import pathlib

import numpy as np
import pytest

import wavebudget as wb
from conftest import refused

REPO = pathlib.Path(__file__).resolve().parents[3]
LEVELS = REPO / "crates" / "wavebudget-model" / "tests" / "data" / "occupancy_levels.tsv"


def test_equals_llc22_on_the_occupancy_levels_rows():
    """Every row without a waves-per-eu attribute (that is the pass's, not occupancy's), one batch per
    configuration, against the occupancy llc-22 printed for that kernel."""
    groups = collections.defaultdict(list)
    lines = [l for l in LEVELS.read_text().splitlines() if not l.startswith("#")]
    header = lines[0].split("\t")
    for line in lines[1:]:
        row = dict(zip(header, line.split("\t")))
        if row["waves_per_eu"] == "-":
            groups[(row["cpu"], row["mattr"])].append(row)
    checked = 0
    for (cpu, mattr), rows in groups.items():
        col = lambda k: np.array([int(r[k]) for r in rows], dtype=np.int64)  # noqa: E731
        got = wb.occupancy_batch(
            cpu, vgprs=col("vgprs"), agprs=col("agprs"), sgprs=col("sgprs"), lds=col("lds"),
            wg_size=(1, col("wg_max")), wave_size=64 if "+wavefrontsize64" in mattr else None,
        )
        assert got.waves_per_simd.tolist() == col("llc22").tolist(), (cpu, mattr)
        checked += len(rows)
    assert checked == 851


TARGETS = ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950", "gfx1030", "gfx1100", "gfx1201", "fiji"]
DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def scalar_answer(target, llvm, v, a, s, l, w):
    o = wb.occupancy(target, vgprs=v, agprs=a, sgprs=s, lds=l, wg_size=w, llvm=llvm)
    return (o.waves_per_simd, wb.LIMITERS.index(o.limiter),
            o.limits.vgpr, o.limits.sgpr, o.limits.lds, o.limits.workgroup)


@pytest.mark.parametrize("seed", range(6))
def test_equals_the_scalar_call_on_random_broadcast_arrays(seed):
    rng = np.random.default_rng(seed)
    target = TARGETS[seed % len(TARGETS)] if seed < 4 else TARGETS[rng.integers(len(TARGETS))]
    llvm = [22, 19, 15][seed % 3]
    if target in ("gfx942", "gfx950", "gfx1201") and llvm == 15:
        llvm = 22
    max_arch = 256  # every target here addresses 256 architectural VGPRs
    has_agprs = target in ("gfx908", "gfx90a", "gfx942", "gfx950")
    # Shapes (3, 1, 4), (5, 1), (4,) and scalars broadcast to (3, 5, 4); each in its own dtype.
    dt = lambda i: DTYPES[(seed + i) % len(DTYPES)]  # noqa: E731
    vmax = min(max_arch, np.iinfo(dt(0)).max)
    v = rng.integers(0, vmax + 1, (3, 1, 4)).astype(dt(0))
    a = (rng.integers(0, min(256, np.iinfo(dt(1)).max) + 1, (5, 1)) if has_agprs else np.zeros((5, 1), np.int64)).astype(dt(1))
    s = rng.integers(0, min(100, np.iinfo(dt(2)).max) + 1, (4,)).astype(dt(2))
    l = rng.integers(0, min(65536, np.iinfo(dt(3)).max) + 1, ()).astype(dt(3))
    w = int(rng.integers(1, 1025))
    got = wb.occupancy_batch(target, vgprs=v, agprs=a, sgprs=s, lds=l, wg_size=w, llvm=llvm)
    assert got.shape == (3, 5, 4) == np.broadcast_shapes(v.shape, a.shape, s.shape, l.shape)
    arrays = [got.waves_per_simd, got.limiter, got.limits.vgpr, got.limits.sgpr, got.limits.lds, got.limits.workgroup]
    assert all(x.dtype == np.uint8 for x in arrays)
    vb, ab, sb, lb = np.broadcast_arrays(v, a, s, l)
    for idx in np.ndindex(got.shape):
        want = scalar_answer(target, llvm, int(vb[idx]), int(ab[idx]), int(sb[idx]), int(lb[idx]), w)
        assert tuple(int(x[idx]) for x in arrays) == want, (target, llvm, idx)
    assert got.limiter_names()[0, 0, 0] == wb.LIMITERS[got.limiter[0, 0, 0]]


def test_fixed_and_ranged_launch_sizes_and_vgpr_count():
    sizes = np.array([64, 256, 1024])
    got = wb.occupancy_batch("gfx942", vgpr_count=np.array([[289], [128], [0]]), wg_size=sizes, lds=8192)
    for i, vc in enumerate([289, 128, 0]):
        for j, size in enumerate(sizes):
            assert got.waves_per_simd[i, j] == wb.occupancy("gfx942", vgpr_count=vc, lds=8192, wg_size=int(size)).waves_per_simd
    ranged = wb.occupancy_batch("gfx1100", vgprs=np.arange(1, 257, 17), wg_size=(np.array([32, 64]).reshape(2, 1), 1024))
    for (i, j), w in np.ndenumerate(ranged.waves_per_simd):
        assert w == wb.occupancy("gfx1100", vgprs=1 + 17 * j, wg_size=(32 * (i + 1), 1024)).waves_per_simd
    # Several targets give a list; the non-contiguous view is read as its logical cells.
    v = np.arange(200, dtype=np.int32)[::-7]
    both = wb.occupancy_batch("gfx942,gfx90a", vgprs=v)
    assert [b.target for b in both] == ["gfx942", "gfx90a"]
    assert both[1].waves_per_simd.tolist() == [wb.occupancy("gfx90a", vgprs=int(x)).waves_per_simd for x in v]


@pytest.mark.parametrize("dtype", DTYPES)
def test_arrays_read_in_place_equal_the_scalar_call(dtype):
    """Full-shape C-contiguous arrays are read in place (each dtype converted by the model as it reads), in
    batches large enough for the whole-table path and the CPU's widest loop: every cell equals the scalar
    call, with launch sizes per cell and with one (MIN, MAX) range."""
    rng = np.random.default_rng(int(np.dtype(dtype).num))
    n = 20_011
    top = lambda m: min(m, np.iinfo(dtype).max)  # noqa: E731
    v = rng.integers(0, top(256) + 1, n).astype(dtype)
    a = rng.integers(0, top(128) + 1, n).astype(dtype)
    s = rng.integers(0, top(100) + 1, n).astype(dtype)
    l = rng.integers(0, top(65536) + 1, n).astype(dtype)
    w = rng.integers(1, top(1024) + 1, n).astype(dtype)
    for target, wg in (("gfx90a", w), ("gfx1100", (32, 256))):
        agprs = a if target == "gfx90a" else 0
        got = wb.occupancy_batch(target, vgprs=v, agprs=agprs, sgprs=s, lds=l, wg_size=wg)
        arrays = [got.waves_per_simd, got.limiter, got.limits.vgpr, got.limits.sgpr, got.limits.lds,
                  got.limits.workgroup]
        for i in range(n):
            size = int(w[i]) if wg is w else wg
            ai = int(a[i]) if target == "gfx90a" else 0
            want = scalar_answer(target, 22, int(v[i]), ai, int(s[i]), int(l[i]), size)
            assert tuple(int(x[i]) for x in arrays) == want, (target, dtype, i)


def test_threads_give_the_same_arrays():
    rng = np.random.default_rng(7)
    n = 300_000
    kwargs = dict(vgprs=rng.integers(0, 257, n), sgprs=rng.integers(0, 103, n), lds=rng.integers(0, 65537, n),
                  wg_size=rng.integers(1, 1025, n))
    one = wb.occupancy_batch("gfx90a", threads=1, **kwargs)
    many = wb.occupancy_batch("gfx90a", threads=4, **kwargs)
    for name in ("waves_per_simd", "limiter"):
        assert np.array_equal(getattr(one, name), getattr(many, name))
    for name in ("vgpr", "sgpr", "lds", "workgroup"):
        assert np.array_equal(getattr(one.limits, name), getattr(many.limits, name))


@pytest.mark.parametrize("kwargs,message,kind", [
    (dict(vgprs=np.array([[1, 300]])), r"^cell \[0, 1\]: 300 architectural VGPRs is more than gfx942 can address", "too_many_registers"),
    (dict(vgprs=np.array([1, -6])), r"^vgprs\[1\] = -6: expected a whole number, not a negative one$", "not_a_count"),
    (dict(vgprs=1, lds=np.array([2**40], np.int64)), r"^lds\[0\] = 1099511627776: over 4294967295$", "not_a_count"),
    # A value out of range is named before a cell the model refuses, whichever comes first.
    (dict(vgprs=np.array([1, 300, 3]), sgprs=np.array([1, 2, -1])), r"^sgprs\[2\] = -1: expected a whole number", "not_a_count"),
    (dict(vgprs=np.array([1, 300, 3], np.uint16), lds=np.array([5, 6, 2**33])), r"^lds\[2\] = 8589934592: over", "not_a_count"),
    (dict(vgprs=np.array([1, 2]), sgprs=-1), r"^sgprs = -1: expected a whole number, not a negative one$", "not_a_count"),
    (dict(vgprs=np.array([1, 2]), sgprs=np.array([[-1]])), r"^sgprs\[0, 0\] = -1: expected a whole number", "not_a_count"),
    (dict(vgprs=np.array([1.0])), r"^vgprs: expected integers \(any integer dtype\), got dtype float64$", "dtype"),
    (dict(vgprs=True), r"^vgprs: expected integers \(any integer dtype\), got dtype bool$", "dtype"),
    (dict(vgprs=np.array([1, 2]), lds=[1, 2, 3]), r"^the arrays do not broadcast together: ", "broadcast"),
    (dict(vgprs=1, vgpr_count=4), r"^give either vgpr_count or vgprs/agprs, not both$", "vgpr_count_and_split"),
    (dict(vgprs=1, wg_size=np.array([0, 64])), r"^cell \[0\]: workgroup size must be at least 1$", "workgroup_size"),
    (dict(wg_size=(1, 2, 3)), r"^wg_size: expected sizes or \(MIN, MAX\), got a tuple of 3$", "wg_size"),
    (dict(threads=0), r"^threads 0: expected at least 1$", "threads"),
])
def test_refusals_name_the_argument_and_the_cell(kwargs, message, kind):
    with refused(kind, message):
        wb.occupancy_batch("gfx942", **kwargs)


def test_empty_arrays_give_empty_answers():
    got = wb.occupancy_batch("gfx942", vgprs=np.zeros((0, 3), np.int8))
    assert got.waves_per_simd.shape == (0, 3) and got.limiter.shape == (0, 3)


@pytest.mark.parametrize("kwargs,message,kind,argument", [
    # A ragged list is not an array of integers: numpy's own refusal, typed.
    (dict(vgprs=[[1, 2], [3]]), r"^vgprs: not a rectangular array of integers", "ragged", "vgprs"),
    # numpy allows 64 dimensions; the batch takes 32.
    (dict(lds=np.zeros((1,) * 33, np.int32)), r"^lds: 33 dimensions; at most 32$", "dims", "lds"),
    # Eight bytes of input broadcast to 10**10 cells: refused before any work (as a view, nothing allocated).
    (dict(vgprs=np.broadcast_to(np.int32(1), (100_000, 100_000))), r"^the arrays broadcast to \(100000, 100000\), 10000000000 cells; at most 4294967296", "too_many_cells", None),
])
def test_shapes_that_are_not_a_batch_are_refused_typed(kwargs, message, kind, argument):
    with refused(kind, message) as e:
        wb.occupancy_batch("gfx942", **kwargs)
    assert e.value.argument == argument


def test_a_batch_larger_than_memory_is_a_memory_error_not_an_abort():
    """2**32 cells (a view of 4 bytes) is within the cell bound; its 24 GiB of answers per target are over
    this machine's memory (CI's has 24 GiB): MemoryError, before any work."""
    import os
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    cells = 1 << 32
    if 6 * cells <= memory:
        pytest.skip(f"this machine has {memory} bytes: 6 x 2**32 answer bytes fit")
    with pytest.raises(MemoryError, match="more than this machine's memory"):
        wb.occupancy_batch("gfx942", vgprs=np.broadcast_to(np.int32(1), (1 << 16, 1 << 16)))


def test_big_endian_integers_are_integers():
    little = np.array([24, 100, 256], "<u4")
    big = little.astype(">u4")
    a = wb.occupancy_batch("gfx942", vgprs=little, lds=np.array([0, 4096, 65536], ">i8"))
    b = wb.occupancy_batch("gfx942", vgprs=big, lds=np.array([0, 4096, 65536], "<i8"))
    assert np.array_equal(a.waves_per_simd, b.waves_per_simd)
    assert list(a.waves_per_simd) == [wb.occupancy("gfx942", vgprs=v, lds=l).waves_per_simd
                                      for v, l in zip([24, 100, 256], [0, 4096, 65536])]


def test_record_fields_and_misaligned_arrays_read_their_own_values():
    """Issue 56: a field of a packed record array (byte stride 5, not a whole number of elements) and an
    array at an odd offset in a buffer (misaligned) are read as numpy reads them: each cell equals the
    scalar call on the value numpy shows (they were a neighbour's bytes, and a panic)."""
    values = [32, 64, 96, 128, 160, 200, 256]
    rec = np.zeros(len(values), dtype=np.dtype([("pad", "u1"), ("v", "<u4")], align=False))
    rec["v"] = values
    assert rec["v"].strides == (5,)
    buf = np.zeros(4 * len(values) + 1, dtype=np.uint8)
    buf[1:] = np.array(values, dtype="<u4").view(np.uint8)
    odd = np.frombuffer(buf.data, dtype="<u4", count=len(values), offset=1)
    assert not odd.flags.aligned and odd.tolist() == values
    want = [wb.occupancy("gfx942", vgprs=v, sgprs=16, lds=0, wg_size=256).waves_per_simd for v in values]
    for arr in (rec["v"], odd):
        got = wb.occupancy_batch("gfx942", vgprs=arr, sgprs=16, lds=0, wg_size=256)
        assert got.waves_per_simd.tolist() == want


@pytest.mark.parametrize("kwargs", [
    dict(vgprs=300, wg_size=1030),
    dict(vgprs=300, agprs=300, wg_size=(300, 200)),
    dict(vgprs=10, sgprs=200, lds=100000, wg_size=0),
    dict(vgpr_count=600, lds=70000, wg_size=(64, 2048)),
])
def test_a_cell_with_two_problems_is_refused_for_the_one_a_scalar_call_names(kwargs):
    """A cell with a bad launch size and a bad count: the batch named the count where the scalar call (the
    CLI, Python and C alike) names the launch size, which every door reads first. The model's `validate`
    now checks the launch first, so the batch's cell is refused in the scalar call's words."""
    with pytest.raises(wb.Error) as scalar:
        wb.occupancy("gfx942", **kwargs)
    columns = {k: (v if isinstance(v, tuple) else np.array([v, v])) for k, v in kwargs.items()}
    with pytest.raises(wb.Error) as batch:
        wb.occupancy_batch("gfx942", **columns)
    assert str(batch.value) == f"cell [0]: {scalar.value}" and batch.value.kind == scalar.value.kind
    assert str(scalar.value).startswith("workgroup size ")


def test_a_dynamic_vgpr_block_is_asked_alike_in_the_batch():
    """Issue 56: `dvgpr_block` reached occupancy, budget and suggest but not the batch (fixed at none): the
    batch's cells equal the scalar call's with the block, which differs from none on gfx1201 (the CLI's
    `--dvgpr-block 16` answer is compared there: tests/test_doors.py), and the block's refusals are the
    scalar call's."""
    vgprs = np.array([24, 64, 100, 128])
    for block in (16, 32):
        got = wb.occupancy_batch("gfx1201", vgprs=vgprs, wg_size=256, dvgpr_block=block).waves_per_simd.tolist()
        assert got == [wb.occupancy("gfx1201", vgprs=int(v), wg_size=256, dvgpr_block=block).waves_per_simd
                       for v in vgprs]
    assert (wb.occupancy_batch("gfx1201", vgprs=100, wg_size=256, dvgpr_block=16).waves_per_simd
            != wb.occupancy_batch("gfx1201", vgprs=100, wg_size=256).waves_per_simd)
    for target, block in (("gfx1201", 8), ("gfx942", 16)):
        with pytest.raises(wb.Error) as scalar:
            wb.occupancy(target, vgprs=100, dvgpr_block=block)
        with pytest.raises(wb.Error) as batch:
            wb.occupancy_batch(target, vgprs=np.array([100]), dvgpr_block=block)
        assert (str(batch.value), batch.value.kind) == (str(scalar.value), scalar.value.kind)


def test_the_answer_is_the_extensions_class_and_pickles():
    """The answer class is native (crates/wavebudget-python/src/batch.rs), with the fields the scalar answer
    names, ``LIMITERS`` the model's limiter names in code order, and pickling keeping the arrays."""
    import pickle
    vgprs, lds = np.array([[24, 256], [128, 64]]), np.array([0, 65536])
    got = wb.occupancy_batch("gfx942", vgprs=vgprs, lds=lds)
    assert type(got).__module__ == "wavebudget" and got.shape == (2, 2)
    assert wb.LIMITERS == ("vgpr", "sgpr", "lds", "workgroup", "max_waves")
    for i, j in np.ndindex(2, 2):
        o = wb.occupancy("gfx942", vgprs=int(vgprs[i, j]), lds=int(lds[j]))
        assert got.limiter_names()[i, j] == o.limiter
        assert (got.limits.vgpr[i, j], got.limits.lds[i, j]) == (o.limits.vgpr, o.limits.lds)
        assert got.occupancy()[i, j] == o.occupancy
    back = pickle.loads(pickle.dumps(got))
    assert back.target == got.target and back.max_waves_per_simd == got.max_waves_per_simd
    assert np.array_equal(back.waves_per_simd, got.waves_per_simd) and np.array_equal(back.limits.lds, got.limits.lds)
    assert np.array_equal(back.occupancy(), got.occupancy()) and got.occupancy().dtype == np.float64
    import copy
    for limits in (pickle.loads(pickle.dumps(got.limits)), copy.copy(got.limits), copy.deepcopy(got.limits)):
        assert all(np.array_equal(getattr(limits, f), getattr(got.limits, f)) for f in ("vgpr", "sgpr", "lds", "workgroup"))
    assert repr(got) == "OccupancyBatch(target='gfx942', shape=(2, 2))"


@pytest.mark.parametrize("target,kwargs", [
    ("gfx942", dict(vgprs=8, vgpr_count=-1)),
    ("gfx942", dict(vgprs=8, vgpr_count=2**32)),
    ("gfx942", dict(vgprs=10, wg_size=2048, cu_mode=True)),
    ("gfx950", dict(vgprs=10, wg_size=0, llvm=19)),
    ("gfx942", dict(vgprs=10, lds=2**32, wave_size=32)),
    ("gfx1201", dict(vgprs=10, wg_size=2048, dvgpr_block=8)),
    ("gfx942", dict(agprs=5, wg_size=0)),
    ("gfx942", dict(wg_size=0)),
    ("gfx90a", dict(sgprs=-1)),
    ("gfx90a", dict(vgprs=10, wg_size=(128, 64), wave_size=32)),
    # An option read after the arrays before it (a helper's review of the change above).
    ("gfx942", dict(vgprs=-1, wave_size=-1)),
    ("gfx942", dict(sgprs=-1, wave_size=-1)),
    ("gfx942", dict(vgprs=8, sgprs=-1, dvgpr_block=-1)),
    ("gfx942", dict(vgpr_count=-1, dvgpr_block=-1)),
    ("gfx942", dict(vgprs=-1, wg_size=(1, 2, 3))),
])
def test_a_call_wrong_in_two_ways_is_refused_for_what_the_scalar_call_names(target, kwargs):
    """Issue 56 (a helper's audit, 121 of 2,200 generated calls): the batch checked the registers' form and
    the target's options before the values and the launch range, which `occupancy` (and the CLI) read
    first, so a call wrong in two ways was refused for the other one. Now the scalar call's order: the same
    kind and words (a range refusal spells the value as `name = v`, a launch size names its cell)."""
    with pytest.raises(wb.Error) as scalar:
        wb.occupancy(target, **kwargs)
    with pytest.raises(wb.Error) as batch:
        wb.occupancy_batch(target, **kwargs)
    assert batch.value.kind == scalar.value.kind, (str(batch.value), str(scalar.value))
    assert str(batch.value).removeprefix("cell (): ").replace(" = ", " ") == str(scalar.value)
