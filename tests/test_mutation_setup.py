"""The mutation runs' configuration (benchmarks/mutation.py, docs/mutation.md) stays true to the tree.

The runs themselves take minutes to hours and are not part of the test suite (docs/mutation.md); this checks,
in a moment, that what they would mutate and leave out still exists, and that the list of equivalent mutants
names only modules that are mutated, each with a reason.
"""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("mutation", ROOT / "benchmarks" / "mutation.py")
mutation = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mutation)


def test_every_configured_rule_module_exists():
    for game, modules in mutation.RULE_MODULES.items():
        for module in modules:
            assert (ROOT / "hexbox" / "games" / game / f"{module}.py").is_file(), (game, module)


def test_every_test_left_out_exists():
    for game, tests in mutation.SLOW.items():
        for test in tests:
            path, _, name = test.partition("::")
            assert path.startswith(f"tests/{game}/"), test
            assert (ROOT / path).is_file() and (not name or f"def {name}(" in (ROOT / path).read_text()), test


def test_every_equivalent_mutant_is_of_a_mutated_module_and_has_a_reason():
    for game, modules in mutation.RULE_MODULES.items():
        for name, reason in mutation.equivalents(game).items():
            module = name.split(".")[3]
            assert module in modules, name
            assert len(reason.strip()) > 10, name


def test_the_configuration_selects_the_games_own_tests():
    cfg = mutation.setup_cfg("voodoo", conformance=False)
    assert "    tests/voodoo\n" in cfg and "hexbox/games/voodoo/curses.py" in cfg and "test_conformance" not in cfg
    assert "--deselect\n    tests/voodoo/test_voodoo_bot.py" in cfg
    assert "tests/test_conformance.py" in mutation.setup_cfg("prowl", conformance=True)
