#!/usr/bin/env python3
"""File-level import cycles in a Rust crate: which files name items defined in which files.

Usage: cycles.py CRATE_SRC_DIR [--tests]

Starts at the crate root (CRATE_SRC_DIR/lib.rs, or main.rs for a crate with no library) and
resolves `use crate::...`, `crate::...` paths, `super::...` and `self::...` to the file that
defines the item, following `pub use` re-exports; prints every strongly connected component
of more than one file (a cycle) and exits with status 1 if there is one. Test modules
(`#[cfg(test)] mod tests { ... }`) are left out unless --tests.
"""
import os
import re
import sys

src = sys.argv[1]
with_tests = '--tests' in sys.argv


def strip(text, part='main'):
    """The file without comments: its code outside the test module (`main`), or the test
    module's (`tests`)."""
    text = re.sub(r'//[^\n]*', '', text)
    i = text.find('#[cfg(test)]\nmod tests')
    if part == 'tests':
        return text[i:] if i >= 0 else ''
    return text[:i] if i >= 0 else text


# module path (tuple) -> file
modules = {}


def walk(path, file):
    modules[path] = file
    text = strip(open(file).read())
    base = os.path.dirname(file)
    stem = os.path.basename(file)[:-3]
    if stem not in ('lib', 'mod', 'main'):
        base = os.path.join(base, stem)
    for m in re.finditer(r'^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;', text, re.M):
        name = m.group(1)
        for cand in (os.path.join(base, name + '.rs'), os.path.join(base, name, 'mod.rs')):
            if os.path.exists(cand):
                walk(path + (name,), cand)
                break


# The crate root: a library's lib.rs, or a binary's main.rs when there is no library.
root = os.path.join(src, 'lib.rs')
if not os.path.exists(root):
    root = os.path.join(src, 'main.rs')
walk((), root)
file_of = {v: k for k, v in modules.items()}


def reexports(path):
    """name -> absolute path it re-exports, for `pub use` in module `path`."""
    out = {}
    text = strip(open(modules[path]).read())
    for m in re.finditer(r'pub(?:\([^)]*\))?\s+use\s+([^;]+);', text):
        for full in expand(m.group(1)):
            name = full[-1]
            out[name] = absolute(path, full)
    return out


def expand(tree):
    """`a::b::{c, d::e}` -> [[a,b,c],[a,b,d,e]] (renames dropped)."""
    tree = re.sub(r'\s+as\s+\w+', '', tree)
    tree = re.sub(r'\s+', '', tree)
    m = re.match(r'^(.*?)\{(.*)\}$', tree)
    if not m:
        parts = tree.split('::')
        if ' as ' in tree or 'as' in parts[-1:]:
            pass
        return [[p for p in parts if p]]
    prefix = [p for p in m.group(1).split('::') if p]
    inner, depth, cur, items = m.group(2), 0, '', []
    for ch in inner:
        if ch == ',' and depth == 0:
            items.append(cur)
            cur = ''
            continue
        depth += ch == '{'
        depth -= ch == '}'
        cur += ch
    if cur:
        items.append(cur)
    out = []
    for it in items:
        if it == 'self':
            out.append(prefix)
            continue
        for sub in expand(it):
            out.append(prefix + sub)
    return out


def absolute(here, parts):
    parts = [p.split('as')[0] if False else p for p in parts]
    if not parts:
        return ()
    if parts[0] == 'crate':
        return tuple(parts[1:])
    if parts[0] == 'super':
        up = list(here)
        while parts and parts[0] == 'super':
            up = up[:-1]
            parts = parts[1:]
        return tuple(up) + tuple(parts)
    if parts[0] == 'self':
        return tuple(here) + tuple(parts[1:])
    if parts[0] == '$crate':
        return tuple(parts[1:])
    # a child module of `here`
    if tuple(here) + (parts[0],) in modules:
        return tuple(here) + tuple(parts)
    return None  # an external crate


cache = {}


def resolve(path, seen=()):
    """The file defining absolute item path `path`."""
    if path in seen:
        return None
    mod = ()
    i = 0
    while i < len(path) and mod + (path[i],) in modules:
        mod = mod + (path[i],)
        i += 1
    if i == len(path):
        return modules[mod]
    name = path[i]
    key = mod
    if key not in cache:
        cache[key] = reexports(mod)
    target = cache[key].get(name)
    if target is not None and target != path:
        r = resolve(target + path[i + 1:] if False else target, seen + (path,))
        if r:
            return r
    return modules[mod]


edges = {f: set() for f in modules.values()}
parts = [('main', ())] + ([('tests', ('tests',))] if with_tests else [])
for (part, deeper), (path, file) in [(p, m) for p in parts for m in modules.items()]:
    text = strip(open(file).read(), part)
    path = path + deeper
    refs = []
    for m in re.finditer(r'\buse\s+([^;]+);', text):
        for full in expand(m.group(1)):
            full = [p.split(' as ')[0] for p in full]
            a = absolute(path, full)
            if a is not None:
                refs.append(a)
    # A path's prefix before `::{` is left to the `use` above, which follows each name in
    # the braces to the file defining it (the module file itself is not depended on).
    for m in re.finditer(r'(?<![\w:])((?:\$?crate|super|self)(?:::\w+)+)(?!\w|::\{)', text):
        a = absolute(path, m.group(1).split('::'))
        if a is not None:
            refs.append(a)
    for a in refs:
        target = resolve(a)
        if target and target != file and target != modules[()]:
            edges[file].add(target)

# Tarjan
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]


def strong(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in edges[v]:
        if w not in index:
            strong(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(comp)


sys.setrecursionlimit(10000)
for v in edges:
    if v not in index:
        strong(v)
rel = lambda f: os.path.relpath(f, src)
for comp in sccs:
    print('cycle:', ' '.join(sorted(rel(f) for f in comp)))
    for f in sorted(comp):
        print('   ', rel(f), '->', ' '.join(sorted(rel(t) for t in edges[f] if t in comp)))
print(f'{len(modules)} files, {len(sccs)} cycles')
sys.exit(1 if sccs else 0)
