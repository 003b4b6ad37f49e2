"""Bazel rules for swift-implicits: one `implicits analyze` action per module.

    load("@swift_implicits//:implicits.bzl", "implicits_module", "ImplicitsInfo")

`implicits_module` analyzes the sources of one Swift module against the
interfaces of the modules it depends on. Its action writes the module's
`<Module>.implicitinterface`, which dependents read through `ImplicitsInfo`,
and its support file `<Module>.implicits.swift`, which the target returns as
its default output so that it can be listed in the `srcs` of the module's
`swift_library` (or any rule that compiles the module). The macros of
swift.bzl declare one for each module they compile.

The action is hermetic: its inputs are the module's sources, the tool and
the interfaces of every module it depends on, directly or not; its outputs
are the two files. Paths in the interface are relative to the execution
root, so the outputs are the same on every machine and cache remotely.
A module whose code has errors fails its action, and the analyzer's
compiler-style diagnostics appear in Bazel's output.

The user guide is the "Bazel" section of docs/recipes.md.
"""

ImplicitsInfo = provider(
    doc = "What a module's implicits analysis gives the modules that depend on it.",
    fields = {
        "module_name": "string: the Swift module name the module was analyzed as.",
        "interface": "File: the module's `<Module>.implicitinterface`.",
        "support_file": "File: the module's `<Module>.implicits.swift`, compiled into the module.",
        "transitive_interfaces": "depset of File: the interfaces of this module and of every " +
                                 "module it depends on, directly or not.",
        "chains": "File: the module's `<Module>.chains.json`, the call chains `implicits why` shows.",
        "transitive_modules": "depset of struct(module_name, srcs, deps, defines, interface, " +
                              "chains): this module and every module it depends on, for " +
                              "`implicits_graph`.",
    },
)

def _is_swift_identifier(name):
    if not name or name[0].isdigit():
        return False
    for c in name.elems():
        if not (c.isalnum() or c == "_"):
            return False
    return True

def _implicits_module_impl(ctx):
    module_name = ctx.attr.module_name or ctx.label.name
    if not _is_swift_identifier(module_name):
        fail(("module name '%s' is not a Swift identifier; " +
              "set `module_name` (it defaults to the target's name)") % module_name)

    for dep in ctx.attr.deps:
        if dep[ImplicitsInfo].module_name == module_name:
            fail("dependency %s is also module '%s': module names must be unique" %
                 (dep.label, module_name))

    # The analyzer accepts an interface only under its module's name, so the
    # outputs are named after the module, in a folder named after the target
    # (two targets of one package may then analyze the same module, for
    # example with different defines).
    prefix = "_implicits/%s/%s" % (ctx.label.name, module_name)
    interface = ctx.actions.declare_file(prefix + ".implicitinterface")
    support_file = ctx.actions.declare_file(prefix + ".implicits.swift")
    chains = ctx.actions.declare_file(prefix + ".chains.json")

    dependency_interfaces = depset(
        transitive = [dep[ImplicitsInfo].transitive_interfaces for dep in ctx.attr.deps],
    )

    args = ctx.actions.args()
    args.add("analyze")
    args.add("--module-name", module_name)

    # Actions run in the execution root: paths written into the interface
    # and printed in diagnostics are relative to it (Core/Logger.swift).
    args.add("--sources-root", ".")
    args.add_all(ctx.attr.defines, before_each = "-D")
    if ctx.attr.enable_exporting:
        args.add("--enable-exporting")
    args.add_all(dependency_interfaces, before_each = "--dependency-interface")
    args.add("--emit-interface", interface)
    args.add("--emit-support-file", support_file)
    args.add("--emit-chains", chains)
    args.add_all(ctx.files.srcs)

    ctx.actions.run(
        executable = ctx.executable.tool,
        arguments = [args],
        inputs = depset(ctx.files.srcs, transitive = [dependency_interfaces]),
        outputs = [interface, support_file, chains],
        mnemonic = "ImplicitsAnalyze",
        progress_message = "Checking implicits of %s (%s)" % (module_name, ctx.label),
    )

    return [
        DefaultInfo(files = depset([support_file])),
        OutputGroupInfo(implicits_interface = depset([interface])),
        ImplicitsInfo(
            module_name = module_name,
            interface = interface,
            support_file = support_file,
            transitive_interfaces = depset([interface], transitive = [dependency_interfaces]),
            chains = chains,
            transitive_modules = depset(
                [struct(
                    module_name = module_name,
                    srcs = tuple([f.short_path for f in ctx.files.srcs]),
                    deps = tuple([dep[ImplicitsInfo].module_name for dep in ctx.attr.deps]),
                    defines = tuple(ctx.attr.defines),
                    interface = interface,
                    chains = chains,
                )],
                transitive = [dep[ImplicitsInfo].transitive_modules for dep in ctx.attr.deps],
            ),
        ),
    ]

implicits_module = rule(
    implementation = _implicits_module_impl,
    doc = """Checks the implicits of one Swift module and writes its interface and support file.

The target's default output is the support file `<Module>.implicits.swift`:
list the target in the `srcs` of the rule that compiles the module. Its
`ImplicitsInfo` carries the interface to the modules that list it in `deps`.
The output group `implicits_interface` holds the interface file.
""",
    attrs = {
        "srcs": attr.label_list(
            allow_files = [".swift"],
            allow_empty = False,
            mandatory = True,
            doc = "The module's Swift sources, the same files the module is compiled from.",
        ),
        "deps": attr.label_list(
            providers = [ImplicitsInfo],
            doc = "The analyses of the modules this module imports: `implicits_module` " +
                  "targets, or `implicits_swift_library` targets, which carry theirs.",
        ),
        "module_name": attr.string(
            doc = "The Swift module name. Defaults to the target's name.",
        ),
        "defines": attr.string_list(
            doc = "Conditional compilation flags active in the module, as `swiftc -D` sets " +
                  "them; pass the same list as to the compiler.",
        ),
        "enable_exporting": attr.bool(
            default = False,
            doc = "Generate explicit-argument wrappers for public scope-taking functions " +
                  "(`implicits analyze --enable-exporting`).",
        ),
        "tool": attr.label(
            default = Label("//:default_tool"),
            executable = True,
            cfg = "exec",
            allow_files = True,
            doc = "The `implicits` executable. Defaults to `@implicits_tool//:implicits`.",
        ),
    },
)

def _yaml_quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

def _implicits_graph_impl(ctx):
    # The manifest lies in bazel-bin/<package>/<name>/: its paths climb from
    # there to the workspace, through the bazel-bin symbolic link (manifest
    # paths are resolved as written, not through links).
    depth = 2 + (len(ctx.label.package.split("/")) if ctx.label.package else 0)
    workspace = "/".join([".."] * depth)
    modules = {}
    for dep in ctx.attr.deps:
        for module in dep[ImplicitsInfo].transitive_modules.to_list():
            known = modules.get(module.module_name)
            if known and known.interface != module.interface:
                fail("module '%s' is analyzed by two targets; an implicits_graph holds each module once" %
                     module.module_name)
            modules[module.module_name] = module

    outputs = []
    lines = [
        "# Written by implicits_graph (%s): the modules Bazel analyzes. Rebuild the" % ctx.label,
        "# target to update it.",
        "version: 1",
        "output-dir: .",
        "sources-root: " + _yaml_quoted(workspace),
        "modules:",
    ]
    for name in sorted(modules.keys()):
        module = modules[name]
        sources = [_yaml_quoted(workspace + "/" + path) for path in module.srcs if not path.startswith("../")]
        lines.append("  - name: " + name)
        lines.append("    sources: [%s]" % ", ".join(sources))
        lines.append("    dependencies: [%s]" % ", ".join(sorted(module.deps)))
        lines.append("    compilation-conditions: [%s]" % ", ".join(module.defines))
        for folder, target, suffix in [("interfaces", module.interface, ".implicitinterface"), ("state", module.chains, ".chains.json")]:
            link = ctx.actions.declare_file("%s/%s/%s%s" % (ctx.label.name, folder, name, suffix))
            ctx.actions.symlink(output = link, target_file = target)
            outputs.append(link)
    manifest = ctx.actions.declare_file(ctx.label.name + "/implicits.yaml")
    ctx.actions.write(manifest, "\n".join(lines) + "\n")
    return [DefaultInfo(files = depset([manifest] + outputs))]

implicits_graph = rule(
    implementation = _implicits_graph_impl,
    doc = """The module graph of `deps` and of every module below them, for `implicits why`,
`implicits graph` and `implicits lsp`: a manifest, `<name>/implicits.yaml`, with the
analyses' interfaces and chains beside it in the layout `implicits build` writes
(`interfaces/`, `state/`). Declared as `implicits` in the workspace's root package,
`bazel build //:implicits` writes `bazel-bin/implicits/implicits.yaml`, where the tool
looks.
""",
    attrs = {
        "deps": attr.label_list(
            providers = [ImplicitsInfo],
            mandatory = True,
            doc = "The top modules: `implicits_module` or `implicits_swift_library` targets, " +
                  "or binaries' analyses; the graph holds them and every module below them.",
        ),
    },
)
