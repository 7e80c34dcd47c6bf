"""Check chemx's structure: no import cycles, the declared layers, no unexplained long module.

    python scripts/check_structure.py [--strict-layers]

Run by `make structure` (part of `make test`). Four checks, all reported before the exit:

1. Import cycles between chemx's top-level subpackages and modules (fails): import-linter's
   `acyclic` contract (pyproject.toml, [tool.importlinter]). When it is broken, every
   elementary cycle is listed with the import lines that make each step, read from grimp's
   graph, the same one import-linter checks. Imports inside functions count (they are how
   cycles hide), and so do imports under `if TYPE_CHECKING:`.
2. Layers (reported; fails with --strict-layers): the `layers` contract, bottom to top
   records, utilities (labels, geometry, images), provenance, models, prompts, text,
   sources, visual, grounding, generation, qc, agents, pipeline, release, evaluation, cli.
   It is exhaustive: a new top-level module is a violation until it is given a layer.
3. Folders of chemx with Python files but no `__init__.py` (fails): the import graph does
   not see namespace packages, so their imports would escape both contracts.
4. Module size (fails): a module over 450 lines must say why in its docstring, on a line
   starting with `Long module:`; otherwise it should be split.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import grimp
import networkx as nx

REPO = Path(__file__).resolve().parents[1]
PACKAGE = "chemx"
MAX_LINES = 450
LONG_MODULE_MARKER = "Long module:"
MAX_CYCLES_SHOWN = 50
"""Elementary cycles can multiply in a tangled graph; past this the list stops counting."""
SKIPPED_FOLDERS = {"data", "__pycache__"}
"""Package data (templates, weights, the sample corpus), not code."""


def lint_imports(contract: str) -> tuple[bool, str]:
    """Run one import-linter contract; (kept, its report)."""
    command = [
        str(Path(sys.executable).with_name("lint-imports")),
        "--no-logo",
        "--no-cache",
        "--contract",
        contract,
    ]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    report = (result.stdout + result.stderr).strip()
    # Keep the findings; drop the banner, rulers and totals import-linter prints around them.
    noise = ("Contracts", "Broken contracts", "Analyzed ", "Contracts: ")
    lines = [
        line.rstrip()
        for line in report.splitlines()
        if line.strip()
        and set(line.strip()) != {"-"}
        and not line.startswith(noise)
        and not line.endswith((" KEPT", " BROKEN"))
    ]
    return result.returncode == 0, "\n".join(dict.fromkeys(lines))  # the title comes twice


def top_level(module: str) -> str:
    """`chemx.qc.judge` -> `chemx.qc`; `chemx` stays `chemx`."""
    return ".".join(module.split(".")[:2])


def module_path(module: str, graph: grimp.ImportGraph) -> str:
    """The file of a module, relative to the repository."""
    relative = Path(*module.split("."))
    package = relative / "__init__.py"
    return str(package if graph.find_children(module) else relative.with_suffix(".py"))


def import_cycles(graph: grimp.ImportGraph) -> list[str]:
    """Every elementary cycle between top-level parts of chemx, with its import lines."""
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            source, target = top_level(importer), top_level(imported)
            if source == target or PACKAGE in (source, target):
                continue  # inside one part, or the package's own __init__
            for detail in graph.get_import_details(importer=importer, imported=imported):
                edges[(source, target)].append(
                    f"{module_path(importer, graph)}:{detail['line_number']}: "
                    f"{detail['line_contents'].strip()}"
                )
    parts = nx.DiGraph(list(edges))
    lines: list[str] = []
    for count, cycle in enumerate(sorted(nx.simple_cycles(parts), key=lambda c: (len(c), c))):
        if count == MAX_CYCLES_SHOWN:
            lines.append(f"(more cycles not shown: the first {MAX_CYCLES_SHOWN} are above)")
            break
        lines.append(" -> ".join([*cycle, cycle[0]]))
        for source, target in zip(cycle, [*cycle[1:], cycle[0]], strict=True):
            lines.append(f"  {source} -> {target}:")
            lines.extend(f"    {line}" for line in edges[(source, target)])
    return lines


def namespace_folders() -> list[str]:
    """Folders under chemx/ with .py files and no __init__.py (invisible to the graph)."""
    found = []
    for folder in sorted((REPO / PACKAGE).rglob("*")):
        relative = folder.relative_to(REPO / PACKAGE)
        if not folder.is_dir() or SKIPPED_FOLDERS & set(relative.parts):
            continue
        if any(folder.glob("*.py")) and not (folder / "__init__.py").exists():
            found.append(f"{folder.relative_to(REPO)}/ has Python files but no __init__.py")
    return found


def long_modules() -> list[str]:
    """Modules over MAX_LINES lines whose docstring gives no `Long module:` reason."""
    found = []
    for path in sorted((REPO / PACKAGE).rglob("*.py")):
        if SKIPPED_FOLDERS & set(path.relative_to(REPO / PACKAGE).parts):
            continue
        text = path.read_text(encoding="utf-8")
        count = len(text.splitlines())
        if count <= MAX_LINES:
            continue
        docstring = ast.get_docstring(ast.parse(text, filename=str(path))) or ""
        if any(line.strip().startswith(LONG_MODULE_MARKER) for line in docstring.splitlines()):
            continue
        found.append(f"{path.relative_to(REPO)}: {count} lines")
    return found


def section(title: str, ok: bool, lines: list[str], verdict: str = "") -> None:
    print(f"== {title}: {'ok' if ok else verdict or 'FAILED'}")
    for line in lines:
        print(f"   {line}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--strict-layers", action="store_true", help="fail on layer violations too")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))  # the working tree's chemx, whatever is installed

    failed = []
    namespaces = namespace_folders()
    section("packages without __init__.py", not namespaces, namespaces)
    if namespaces:
        failed.append("namespace packages")

    acyclic, acyclic_report = lint_imports("acyclic")
    cycles = [] if acyclic else import_cycles(grimp.build_graph(PACKAGE, cache_dir=None))
    section("import cycles (import-linter contract 'acyclic')", acyclic, cycles)
    if not acyclic:
        print("   import-linter's suggestion:")
        print("\n".join(f"     {line}" for line in acyclic_report.splitlines()))
        failed.append("import cycles")

    layered, layers_report = lint_imports("layers")
    strict = "FAILED" if args.strict_layers else "violations (reported, not failing)"
    section(
        "layers (import-linter contract 'layers')",
        layered,
        [] if layered else layers_report.splitlines(),
        strict,
    )
    if not layered and args.strict_layers:
        failed.append("layers")

    long = long_modules()
    section(
        f"modules over {MAX_LINES} lines without a '{LONG_MODULE_MARKER}' docstring line",
        not long,
        long,
    )
    if long:
        failed.append("long modules")

    if failed:
        print(f"structure check failed: {', '.join(failed)}")
        return 1
    print("structure check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
