"""Two small rules that call the host's `swiftc`, for this example only.

rules_swift cannot be fetched on the machines this example is tested on, so
`swift_module` and `swift_program` stand in for its `swift_library` and
`swift_binary`: they compile a module's sources, including the support file
of its `implicits_module`, against the Implicits runtime of the package's
SwiftPM build, and link the program. In a real workspace use rules_swift;
the wiring of `implicits_module` is the same (see docs/recipes.md, "Bazel").
"""

load("@implicits_runtime//:swift.bzl", "SWIFTC")

SwiftModuleInfo = provider(
    doc = "A compiled module: what its dependents import and link.",
    fields = {
        "module_name": "string",
        "swiftmodules": "depset of File: this module's .swiftmodule and its dependencies'",
        "objects": "depset of File: the object files to link",
    },
)

# Optimized, because Swift 6.3 crashes on key paths to another module's named
# keys in unoptimized code (docs/user-guide.md, "Known issues").
_SWIFT_FLAGS = ["-O"]

_RUNTIME_ATTRS = {
    "_macro_plugin": attr.label(
        default = "@implicits_runtime//:bin/ImplicitsMacros-tool",
        allow_single_file = True,
        cfg = "exec",
    ),
    "_runtime_modules": attr.label(default = "@implicits_runtime//:modules"),
    "_runtime_headers": attr.label(default = "@implicits_runtime//:headers"),
    "_runtime_objects": attr.label(default = "@implicits_runtime//:objects"),
    "_swift_version": attr.label(
        default = "@implicits_runtime//:swift_version.txt",
        allow_single_file = True,
    ),
}

def _env():
    # Actions get no environment of their own: swiftc finds its clang and
    # linker through this PATH.
    return {"PATH": "%s:/usr/bin:/bin" % SWIFTC.rpartition("/")[0]}

def _compile(ctx, module_name, library):
    """Compiles the target's sources as one module; returns (object, swiftmodule or None)."""
    out = "_swift/%s/%s" % (ctx.label.name, module_name)
    obj = ctx.actions.declare_file(out + ".o")
    swiftmodule = ctx.actions.declare_file(out + ".swiftmodule") if library else None
    deps = [dep[SwiftModuleInfo] for dep in ctx.attr.deps]
    dep_modules = depset(transitive = [d.swiftmodules for d in deps])
    runtime_modules = ctx.files._runtime_modules
    headers = ctx.files._runtime_headers

    args = ctx.actions.args()
    args.add_all(_SWIFT_FLAGS)
    if library:
        args.add("-parse-as-library")
    args.add_all(["-wmo", "-module-name", module_name])
    args.add_all(ctx.attr.defines, before_each = "-D")

    # The clang module cache stays inside the action's own folder.
    args.add("-module-cache-path", obj.dirname + "/_module_cache_" + module_name)
    args.add_all(dep_modules, before_each = "-I", map_each = _dirname, uniquify = True)
    args.add_all(runtime_modules, before_each = "-I", map_each = _dirname, uniquify = True)
    args.add_all(headers, before_each = "-I", map_each = _dirname, uniquify = True)
    args.add("-load-plugin-executable", ctx.file._macro_plugin.path + "#ImplicitsMacros")
    if library:
        args.add_all(["-emit-module", "-emit-module-path", swiftmodule])
    args.add_all(["-c", "-o", obj])
    args.add_all(ctx.files.srcs)

    ctx.actions.run(
        executable = SWIFTC,
        arguments = [args],
        inputs = depset(
            ctx.files.srcs + runtime_modules + headers +
            [ctx.file._macro_plugin, ctx.file._swift_version],
            transitive = [dep_modules],
        ),
        outputs = [obj] + ([swiftmodule] if library else []),
        env = _env(),
        mnemonic = "SwiftCompile",
        progress_message = "Compiling Swift module %s (%s)" % (module_name, ctx.label),
    )
    return obj, swiftmodule, deps

def _dirname(file):
    return file.dirname

def _swift_module_impl(ctx):
    module_name = ctx.attr.module_name or ctx.label.name
    obj, swiftmodule, deps = _compile(ctx, module_name, library = True)
    return [
        DefaultInfo(files = depset([obj, swiftmodule])),
        SwiftModuleInfo(
            module_name = module_name,
            swiftmodules = depset([swiftmodule], transitive = [d.swiftmodules for d in deps]),
            objects = depset([obj], transitive = [d.objects for d in deps]),
        ),
    ]

def _swift_program_impl(ctx):
    obj, _, deps = _compile(ctx, ctx.attr.module_name or "main", library = False)
    program = ctx.actions.declare_file(ctx.label.name)
    objects = depset([obj], transitive = [d.objects for d in deps])
    args = ctx.actions.args()
    args.add_all(["-o", program])
    args.add_all(objects)
    args.add_all(ctx.files._runtime_objects)
    ctx.actions.run(
        executable = SWIFTC,
        arguments = [args],
        inputs = depset(ctx.files._runtime_objects + [ctx.file._swift_version], transitive = [objects]),
        outputs = [program],
        env = _env(),
        mnemonic = "SwiftLink",
        progress_message = "Linking %s" % ctx.label,
    )
    return [DefaultInfo(files = depset([program]), executable = program)]

_COMMON_ATTRS = dict(_RUNTIME_ATTRS, **{
    "srcs": attr.label_list(
        allow_files = [".swift"],
        mandatory = True,
        doc = "The module's sources and the support file (its implicits_module target).",
    ),
    "deps": attr.label_list(providers = [SwiftModuleInfo]),
    "module_name": attr.string(),
    "defines": attr.string_list(),
})

swift_module = rule(
    implementation = _swift_module_impl,
    doc = "Compiles one library module with the host's swiftc (a stand-in for swift_library).",
    attrs = _COMMON_ATTRS,
)

swift_program = rule(
    implementation = _swift_program_impl,
    doc = "Compiles the program's module and links it with its dependencies and the runtime.",
    attrs = _COMMON_ATTRS,
    executable = True,
)
