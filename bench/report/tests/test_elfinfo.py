"""The trace walker (elfinfo.py): the cycles from entering a routine to leaving it."""
from .. import elfinfo


def test_trace():
    # routine at 0x100..0x120: enter at cycle 10, leave by jr t0 (0x00028067) at 0x110 -> next
    # instruction at cycle 40: one sample of 30; a second entry left by mret outside the range
    lines = ["0 00000000 00000013", "10 00000100 00000013", "12 00000104 00000013",
             "20 00000110 00028067", "40 00000500 00000013", "41 trap mcause=0xb",
             "50 00000100 00000013", "60 00000900 30200073", "75 00000600 00000013",
             "80 00000100 00000013", "85 00000104 000080e7", "90 00000700 00000013"]
    got = elfinfo.walk_trace(lines, [(0x100, 0x120)])
    # the third entry calls out (jalr ra) and never leaves: no sample
    assert got == [30, 25], got
    # an entry that jumps on into a second listed routine and leaves from there
    lines = ["10 00000100 00000013", "11 00000104 0000006f", "17 00000200 00000013",
             "18 00000204 00028067", "30 00000800 00000013"]
    got = elfinfo.walk_trace(lines, [(0x100, 0x120), (0x200, 0x220)])
    assert got == [20], got
