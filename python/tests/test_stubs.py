"""The hand-written stubs (__init__.pyi) and docstrings match the module."""
import ast
import os

import cgtlab

STUB = os.path.join(os.path.dirname(cgtlab.__file__), "__init__.pyi")


def stub_tree():
    with open(STUB) as f:
        return ast.parse(f.read())


def test_every_stubbed_name_exists():
    for node in stub_tree().body:
        if isinstance(node, ast.ClassDef):
            if node.name.startswith("_"):
                continue  # the namespaces' protocol classes (_Kayles, ...)
            cls = getattr(cgtlab, node.name)
            for member in node.body:
                if isinstance(member, ast.FunctionDef):
                    assert hasattr(cls, member.name), f"{node.name}.{member.name}"
        elif isinstance(node, ast.FunctionDef):
            assert hasattr(cgtlab, node.name), node.name
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
            if name[0].islower() or name.isupper():
                assert hasattr(cgtlab, name), name


def test_namespaces_match_their_stubs():
    for node in stub_tree().body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("_"):
            methods = [m.name for m in node.body if isinstance(m, ast.FunctionDef)]
            users = [n.target.id for n in stub_tree().body if isinstance(n, ast.AnnAssign)
                     and isinstance(n.target, ast.Name) and ast.unparse(n.annotation) == node.name]
            for ns in users:
                for m in methods:
                    assert callable(getattr(getattr(cgtlab, ns), m, None)), f"{ns}.{m}"


def test_public_things_have_docstrings():
    missing = []
    for name in cgtlab.__all__:
        obj = getattr(cgtlab, name)
        if isinstance(obj, tuple):
            continue
        if not (getattr(obj, "__doc__", None) or "").strip():
            missing.append(name)
        if isinstance(obj, type):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if not (getattr(value, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{attr}")
        elif not callable(obj):  # a namespace: its functions
            for attr, value in vars(obj).items():
                if callable(value) and not attr.startswith("_") and not (value.__doc__ or "").strip():
                    missing.append(f"{name}.{attr}")
    assert not missing, missing
