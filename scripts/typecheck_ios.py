#!/usr/bin/env python3
"""The module-by-module half of scripts/typecheck-ios (read that script first).

SwiftPM's --experimental-prepare-for-indexing run only writes the build plan (debug.yaml: every
target's swiftc arguments, module maps of C targets, resource accessors). Its own modules are
made with lazy type-checking, which drops macro-made conformances (@Observable's), so every
module is emitted again here, in dependency order, with `swiftc -emit-module -wmo` (whole-module,
so Swift 6's region-isolation diagnostics run too):
  third-party targets: bodies skipped (not ours to check);
  root-package (Sources/) and Apps/ targets, AppsTests included: fully type-checked;
  the app folders of Apps/project.yml (Apps/<App>/*.swift): type-checked against all of those.
A target with errors is emitted again with bodies skipped and errors allowed, so the targets
after it are still checked. Also reported: an import of one of our modules that the unit does
not declare as a dependency (it resolves here, but not in Xcode's explicit-module build).

Prints `path:line:col: [target] severity: message` for our code; exit 1 when there is any.
"""
import argparse, json, os, re, subprocess, sys, time

p = argparse.ArgumentParser()
p.add_argument("--plan", required=True, help="SwiftPM's debug.yaml")
p.add_argument("--src", required=True, help="the copied checkout")
p.add_argument("--out", required=True)
p.add_argument("--swiftc", required=True)
p.add_argument("--module-cache", required=True)
p.add_argument("--testing", required=True, help="a folder holding an iOS Testing.swiftmodule")
a = p.parse_args()
src = os.path.realpath(a.src)

# --- The plan: one "C.<module>-<triple>-debug.module" command per Swift target.
cmds = {}
for m in re.finditer(r'^  "C\.(.+?)-[a-z0-9_]+-apple-ios[0-9.]*-debug\.module":\n((?:    .*\n)+)', open(a.plan).read(), re.M):
    fields = {}
    for line in m.group(2).splitlines():
        key, _, value = line.strip().partition(": ")
        if key in ("inputs", "args"):
            fields[key] = json.loads(value)
    cmds[m.group(1)] = fields
if not cmds:
    sys.exit("typecheck-ios: no Swift module commands in %s" % a.plan)
plan_modules = next(os.path.dirname(i) for f in cmds.values() for i in f["inputs"] if i.endswith(".swiftmodule"))


def sources(name):
    return [i for i in cmds[name]["inputs"] if i.endswith(".swift")]


def deps(name):
    return [os.path.basename(i)[: -len(".swiftmodule")] for i in cmds[name]["inputs"]
            if i.endswith(".swiftmodule") and os.path.dirname(i) == plan_modules
            and os.path.basename(i)[: -len(".swiftmodule")] in cmds and not i.endswith("/%s.swiftmodule" % name)]


def ours(path):
    return path.startswith(os.path.join(src, "Sources") + os.sep) or path.startswith(os.path.join(src, "Apps") + os.sep) \
        or path.startswith(os.path.join(src, "Tests") + os.sep)


def kind(name):
    files = sources(name)
    if any(f.startswith(os.path.join(src, "Apps") + os.sep) for f in files):
        return "apps"
    return "loci" if any(ours(f) for f in files) else "dep"


# --- The app targets of project.yml and the products each links.
def project_apps():
    path = os.path.join(src, "Apps", "project.yml")
    apps, current = {}, None
    if not os.path.isfile(path):
        return apps
    for line in open(path):
        m = re.match(r"^  ([A-Za-z0-9_]+):\s*$", line)
        if m:
            current = m.group(1)
            apps.setdefault(current, [])
            continue
        m = re.match(r"^\s+(?:- )?product:\s*([A-Za-z0-9_]+)", line)
        if m and current:
            apps[current].append(m.group(1))
    return apps


apps = project_apps()
roots = sorted(n for n in cmds if kind(n) == "apps")
roots += [x for products in apps.values() for x in products if x in cmds and x not in roots]

order, state = [], {}


def visit(n):
    if state.get(n) == 2:
        return
    if state.get(n) == 1:
        sys.exit("typecheck-ios: dependency cycle at %s" % n)
    state[n] = 1
    for d in deps(n):
        visit(d)
    state[n] = 2
    order.append(n)


for r in roots:
    visit(r)

# --- Compiler arguments: the plan's, less its indexing and output flags, plus ours.
modules = os.path.join(a.out, "Modules")
logs = os.path.join(a.out, "logs")
os.makedirs(modules, exist_ok=True)
os.makedirs(logs, exist_ok=True)
DROP_WITH_VALUE = {"-emit-module-path", "-output-file-map", "-emit-objc-header-path", "-index-store-path", "-module-cache-path"}
DROP = {"-emit-dependencies", "-emit-module", "-incremental", "-enable-batch-mode", "-serialize-diagnostics",
        "-parseable-output", "-emit-objc-header", "-v", "-g", "-index-file", "-typecheck",
        "-experimental-lazy-typecheck", "-experimental-skip-all-function-bodies",
        "-experimental-allow-module-with-compiler-errors", "-empty-abi-descriptor", "-experimental-skip-non-exportable-decls"}
# Xcode's compiler loads cross-import overlays (SwiftUI + MapKit -> Map, Marker); this one must
# be told. Some dependencies target iOS below 13, whose legacy layouts matter only for codegen.
EXTRA = ["-Xfrontend", "-enable-cross-import-overlays", "-Xfrontend", "-disable-legacy-type-info",
         "-module-cache-path", a.module_cache, "-I", a.testing, "-j1", "-num-threads", "0"]
SKIP_BODIES = ["-Xfrontend", "-experimental-skip-non-inlinable-function-bodies"]


def arguments(name):
    args, out, k = cmds[name]["args"], [], 1
    while k < len(args):
        x = args[k]
        if x in ("-Xcc", "-Xlinker", "-Xllvm"):
            out += args[k:k + 2]; k += 2
        elif x == "-Xfrontend" and k + 1 < len(args) and args[k + 1] in DROP:
            k += 2
        elif x in DROP_WITH_VALUE:
            k += 2
        elif x == "-I" and k + 1 < len(args) and args[k + 1] == plan_modules:
            out += ["-I", modules]; k += 2
        elif x in DROP or re.match(r"^-j\d+$", x):
            k += 1
        elif x.startswith("@"):
            out += sources(name); k += 1
        else:
            out.append(x); k += 1
    return out + EXTRA


DIAGNOSTIC = re.compile(r"^(/[^:\n]+):(\d+):(\d+): (error|warning): (.*)$", re.M)


def run(cmd, log):
    started = time.time()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    open(log, "w").write(" ".join(cmd) + "\n\n" + r.stdout)
    seen, found = set(), []
    for m in DIAGNOSTIC.finditer(r.stdout):
        if m.groups() not in seen:
            seen.add(m.groups())
            found.append(m.groups())
    return r.returncode, found, time.time() - started


IMPORT = re.compile(r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


def closure(names):
    seen, stack = set(), list(names)
    while stack:
        n = stack.pop()
        if n in cmds and n not in seen:
            seen.add(n)
            stack += deps(n)
    return seen


def undeclared(files, allowed, own=None):
    found = []
    for f in files:
        body = open(f).read()
        for m in IMPORT.finditer(body):
            if m.group(1) in cmds and m.group(1) != own and m.group(1) not in allowed:
                found.append((f, str(body.count("\n", 0, m.start(1)) + 1), "1", "error",
                              "imports '%s', which is not among this target's dependencies" % m.group(1)))
    return found


results = []  # (unit, kind, returncode, diagnostics)


def report(unit, k, rc, found, seconds):
    results.append((unit, k, rc, found))
    errors = sum(1 for d in found if d[3] == "error")
    print("%-30s %-5s rc=%d errors=%d warnings=%d %.0fs" % (unit, k, rc, errors, len(found) - errors, seconds), flush=True)


for n in order:
    k = kind(n)
    emit = [a.swiftc, "-emit-module", "-wmo", "-emit-module-path", os.path.join(modules, n + ".swiftmodule")]
    rc, found, seconds = run(emit + (SKIP_BODIES if k == "dep" else []) + arguments(n), os.path.join(logs, n + ".log"))
    if k != "dep":
        found += undeclared([f for f in sources(n) if ours(f)], closure(deps(n)), own=n)
    if rc != 0:
        run(emit + SKIP_BODIES + ["-Xfrontend", "-experimental-allow-module-with-compiler-errors"] + arguments(n),
            os.path.join(logs, n + ".fallback.log"))
    report(n, k, rc, found, seconds)

# --- The app folders: the arguments of an Apps target, less its module identity and sources, plus
# every C module map and include path of the units above.
template = next((arguments(n) for n in order if kind(n) == "apps"), None)
if template is not None:
    common, k = [], 0
    while k < len(template):
        x = template[k]
        if x in ("-module-name", "-package-name"):
            k += 2; continue
        if not (x.endswith(".swift") or x in ("-DSWIFT_PACKAGE", "-enable-testing")):
            common.append(x)
        k += 1
    xcc = []
    for n in order:
        args = cmds[n]["args"]
        for i, x in enumerate(args[:-1]):
            v = args[i + 1]
            if x != "-Xcc" or not (v.startswith("-fmodule-map-file=") or v.startswith("-I")):
                continue
            # `-Xcc -I -Xcc DIR` is one include path written as two arguments.
            pair = ["-Xcc", v] + (args[i + 2:i + 4] if v == "-I" else [])
            if not any(xcc[k:k + len(pair)] == pair for k in range(0, len(xcc), 2)):
                xcc += pair
    apps_dir = os.path.join(src, "Apps")
    for app in sorted(os.listdir(apps_dir)):
        folder = os.path.join(apps_dir, app)
        files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".swift")) \
            if os.path.isfile(os.path.join(folder, "Info.plist")) else []
        if not files:
            continue
        rc, found, seconds = run([a.swiftc, "-typecheck", "-module-name", app] + common + xcc + files,
                                 os.path.join(logs, "app-" + app + ".log"))
        if app in apps:
            found += undeclared(files, closure(apps[app]))
        else:
            found.append((folder, "1", "1", "error", "no target named %s in Apps/project.yml" % app))
        report(app + " (app)", "app", rc, found, seconds)

print()
problems = third_party = 0
for unit, k, rc, found in results:
    mine = [d for d in found if ours(d[0]) or k == "app"]
    for f, line, col, severity, message in mine:
        print("%s:%s:%s: [%s] %s: %s" % (os.path.relpath(f, src), line, col, unit, severity, message))
    problems += len(mine)
    third_party += sum(1 for d in found if d not in mine and d[3] == "error")
    if rc != 0 and not any(d[3] == "error" for d in found):
        problems += 1
        print("[%s] the compiler failed without a located error; see %s" % (unit, os.path.join(logs, unit.split(" ")[0] + ".log")))
units = len(results)
print("typecheck-ios: %d unit(s); %d error(s) and warning(s) in our code; %d error(s) in third-party code (not ours to fix)"
      % (units, problems, third_party))
json.dump([{"unit": u, "kind": k, "rc": rc, "diagnostics": [dict(zip(("file", "line", "col", "severity", "message"), d)) for d in found]}
           for (u, k, rc, found) in results], open(os.path.join(a.out, "summary.json"), "w"), indent=1)
sys.exit(1 if problems else 0)
