"""Swift modules that are analyzed and compiled from one list of sources.

    load("@swift_implicits//:swift.bzl", "implicits_swift_library", "implicits_swift_binary")

    implicits_swift_library(
        name = "Feed",                 # //Feed:Feed compiles, //Feed:Feed_implicits analyzes
        srcs = glob(["Sources/*.swift"]),
        deps = ["//Core"],             # other implicits_swift_library targets
    )

Each macro call declares two targets from the same `srcs`, `deps` and
`defines`, so the analysis and the compile cannot drift apart:

- `<name>_implicits`: an `implicits_module` (implicits.bzl) that checks the
  module and writes its interface and support file;
- `<name>`: the compile (and, for a binary, the link) with the host's
  `swiftc`, of `srcs` and that support file, against the Implicits runtime
  and with the `#implicits` macro plugin.

The compiler, the runtime and the plugin come from a toolchain target,
`@implicits_runtime//:toolchain` unless `toolchain` says otherwise, which
`implicits_runtime_repository` (repositories.bzl) declares from a SwiftPM
build of swift-implicits; `implicits_swift_toolchain` declares one from
files that come from elsewhere. These rules need no rules_swift; with
rules_swift, pair `implicits_module` with its `swift_library` instead (the
"Bazel" section of docs/recipes.md).

Every module is compiled with `-O` first (Swift 6.3 crashes on key paths to
another module's named keys in unoptimized code; docs/user-guide.md, "Known
issues"); `copts` come after it, so `copts = ["-Onone"]` overrides it.
"""

load(":implicits.bzl", "ImplicitsInfo", "implicits_module")

ImplicitsSwiftToolchainInfo = provider(
    doc = "The compiler, the Implicits runtime and the macro plugin that the compile rules use.",
    fields = {
        "swiftc": "string: the absolute path of `swiftc`.",
        "version_file": "File: `swiftc --version`, an input of every compile and link, so " +
                        "that caches tell toolchains apart.",
        "runtime_modules": "list of File: `Implicits.swiftmodule`.",
        "runtime_headers": "list of File: the C module `CImplicitsRuntime` (its module map " +
                           "and header, in one folder).",
        "runtime_objects": "list of File: the runtime's object files, linked into every program.",
        "macro_plugin": "File: `ImplicitsMacros-tool`, the `#implicits` macro's plugin.",
        "target": "string: the target triple every compile and link passes as `-target`; " +
                  "empty for the host's.",
    },
)

ImplicitsSwiftInfo = provider(
    doc = "A module compiled by implicits_swift_library: what its dependents import and link.",
    fields = {
        "module_name": "string: the Swift module name.",
        "swiftmodules": "depset of File: the module's `.swiftmodule` and those of its " +
                        "dependencies, directly or not.",
        "objects": "depset of File: the object files of the module and of its dependencies.",
    },
)

def _dirname(file):
    return file.dirname

def _implicits_swift_toolchain_impl(ctx):
    if not ctx.attr.swiftc.startswith("/"):
        fail("swiftc must be an absolute path, got '%s'" % ctx.attr.swiftc)
    return [ImplicitsSwiftToolchainInfo(
        swiftc = ctx.attr.swiftc,
        version_file = ctx.file.version_file,
        runtime_modules = ctx.files.runtime_modules,
        runtime_headers = ctx.files.runtime_headers,
        runtime_objects = ctx.files.runtime_objects,
        macro_plugin = ctx.file.macro_plugin,
        target = ctx.attr.target,
    )]

implicits_swift_toolchain = rule(
    implementation = _implicits_swift_toolchain_impl,
    doc = """The compiler, runtime and macro plugin for implicits_swift_library and _binary.

`implicits_runtime_repository` declares one as `@<name>//:toolchain`; declare
your own when the runtime comes from elsewhere and set `toolchain` on the
targets (in a macro of your own), or name its repository `implicits_runtime`.
""",
    attrs = {
        "swiftc": attr.string(
            mandatory = True,
            doc = "The absolute path of `swiftc` on the machines that run the actions.",
        ),
        "version_file": attr.label(
            mandatory = True,
            allow_single_file = True,
            doc = "A file that names the compiler's version (`swiftc --version`).",
        ),
        "runtime_modules": attr.label_list(
            allow_files = True,
            mandatory = True,
            doc = "`Implicits.swiftmodule`; its folder is passed as `-I`.",
        ),
        "runtime_headers": attr.label_list(
            allow_files = True,
            mandatory = True,
            doc = "The C module `CImplicitsRuntime`: `module.modulemap` and its header.",
        ),
        "runtime_objects": attr.label_list(
            allow_files = [".o", ".a"],
            mandatory = True,
            doc = "The runtime's object files (or a static library of them).",
        ),
        "macro_plugin": attr.label(
            mandatory = True,
            allow_single_file = True,
            cfg = "exec",
            doc = "`ImplicitsMacros-tool`, loaded as `-load-plugin-executable <path>#ImplicitsMacros`.",
        ),
        "target": attr.string(
            doc = "The target triple (`x86_64-unknown-linux-gnu`, `arm64-apple-ios16.0`) every " +
                  "compile and link passes as `-target`; empty: the host's. " +
                  "`implicits_runtime_repository` sets it from the target platform with `select`.",
        ),
    },
)

def _target_args(args, target, flag = "-target"):
    if target:
        args.add(flag, target)

def _runtime_library_impl(ctx):
    target = ctx.attr.target
    out = "_runtime/%s" % ctx.label.name
    swiftmodule = ctx.actions.declare_file(out + "/Implicits.swiftmodule")
    swift_object = ctx.actions.declare_file(out + "/Implicits.o")
    c_object = ctx.actions.declare_file(out + "/CImplicitsRuntime.o")
    env = {"PATH": "%s:/usr/bin:/bin" % ctx.attr.swiftc.rpartition("/")[0]}
    inputs = ctx.files.headers + [ctx.file.version_file]

    c_args = ctx.actions.args()
    if target:
        c_args.add("--target=" + target)
    c_args.add_all(["-c", "-fPIC", "-O2"])
    c_args.add_all(ctx.files.headers, before_each = "-I", map_each = _dirname, uniquify = True)
    c_args.add_all(["-o", c_object, ctx.file.c_src])
    ctx.actions.run(
        executable = ctx.attr.swiftc.rpartition("/")[0] + "/clang",
        arguments = [c_args],
        inputs = inputs + [ctx.file.c_src],
        outputs = [c_object],
        env = env,
        mnemonic = "ImplicitsRuntimeC",
        progress_message = "Compiling the Implicits runtime's C module (%s)" % (target or "host"),
    )

    args = ctx.actions.args()
    _target_args(args, target)
    args.add_all(["-module-name", "Implicits", "-parse-as-library", "-swift-version", "6", "-wmo", "-O"])
    args.add("-module-cache-path", "%s/_module_cache" % swift_object.dirname)
    args.add_all(ctx.files.headers, before_each = "-I", map_each = _dirname, uniquify = True)
    args.add_all(["-emit-module", "-emit-module-path", swiftmodule, "-c", "-o", swift_object])
    args.add_all(ctx.files.srcs)
    ctx.actions.run(
        executable = ctx.attr.swiftc,
        arguments = [args],
        inputs = inputs + ctx.files.srcs,
        outputs = [swiftmodule, swift_object],
        env = env,
        mnemonic = "ImplicitsRuntime",
        progress_message = "Compiling the Implicits runtime (%s)" % (target or "host"),
    )
    return [
        DefaultInfo(files = depset([swiftmodule, swift_object, c_object])),
        OutputGroupInfo(module = depset([swiftmodule]), objects = depset([swift_object, c_object])),
    ]

implicits_runtime_library = rule(
    implementation = _runtime_library_impl,
    doc = """The Implicits runtime compiled from its sources for `target`: the module
`Implicits.swiftmodule` (output group `module`) and the objects every program links
(output group `objects`). `implicits_runtime_repository` declares one, with the target
chosen from the target platform, and its `:toolchain` uses it.
""",
    attrs = {
        "srcs": attr.label_list(allow_files = [".swift"], mandatory = True, doc = "The runtime's Swift sources."),
        "c_src": attr.label(allow_single_file = [".c"], mandatory = True, doc = "`CImplicitsRuntime.c`."),
        "headers": attr.label_list(allow_files = True, mandatory = True, doc = "The C module's folder: its module map and header."),
        "swiftc": attr.string(mandatory = True, doc = "The absolute path of `swiftc`; `clang` beside it compiles the C file."),
        "version_file": attr.label(allow_single_file = True, mandatory = True, doc = "`swiftc --version`."),
        "target": attr.string(doc = "The target triple; empty: the host's."),
    },
)

def _env(toolchain):
    # Actions get no environment of their own: swiftc finds its clang and
    # linker through this PATH.
    return {"PATH": "%s:/usr/bin:/bin" % toolchain.swiftc.rpartition("/")[0]}

def _compile(ctx, library):
    """Compiles srcs and the support file as one module.

    Returns (module name, object, swiftmodule or None, the deps' ImplicitsSwiftInfo).
    """
    toolchain = ctx.attr.toolchain[ImplicitsSwiftToolchainInfo]
    implicits = ctx.attr.implicits[ImplicitsInfo]
    module_name = implicits.module_name
    out = "_swift/%s/%s" % (ctx.label.name, module_name)
    obj = ctx.actions.declare_file(out + ".o")
    swiftmodule = ctx.actions.declare_file(out + ".swiftmodule") if library else None
    deps = [dep[ImplicitsSwiftInfo] for dep in ctx.attr.deps]
    dep_modules = depset(transitive = [dep.swiftmodules for dep in deps])
    srcs = ctx.files.srcs + [implicits.support_file]

    args = ctx.actions.args()
    _target_args(args, toolchain.target)
    args.add("-O")
    args.add_all(ctx.attr.copts)
    if library:
        args.add("-parse-as-library")
    args.add_all(["-wmo", "-module-name", module_name])
    args.add_all(ctx.attr.defines, before_each = "-D")

    # The clang module cache stays inside the action's own output folder.
    args.add("-module-cache-path", "%s/_module_cache_%s" % (obj.dirname, module_name))
    args.add_all(dep_modules, before_each = "-I", map_each = _dirname, uniquify = True)
    args.add_all(toolchain.runtime_modules, before_each = "-I", map_each = _dirname, uniquify = True)
    args.add_all(toolchain.runtime_headers, before_each = "-I", map_each = _dirname, uniquify = True)
    args.add("-load-plugin-executable", toolchain.macro_plugin.path + "#ImplicitsMacros")
    if library:
        args.add_all(["-emit-module", "-emit-module-path", swiftmodule])
    args.add_all(["-c", "-o", obj])
    args.add_all(srcs)

    ctx.actions.run(
        executable = toolchain.swiftc,
        arguments = [args],
        inputs = depset(
            srcs + toolchain.runtime_modules + toolchain.runtime_headers +
            [toolchain.macro_plugin, toolchain.version_file],
            transitive = [dep_modules],
        ),
        outputs = [obj] + ([swiftmodule] if library else []),
        env = _env(toolchain),
        mnemonic = "SwiftCompile",
        progress_message = "Compiling Swift module %s (%s)" % (module_name, ctx.label),
    )
    return module_name, obj, swiftmodule, deps

def _library_impl(ctx):
    module_name, obj, swiftmodule, deps = _compile(ctx, library = True)
    return [
        DefaultInfo(files = depset([obj, swiftmodule])),
        ImplicitsSwiftInfo(
            module_name = module_name,
            swiftmodules = depset([swiftmodule], transitive = [dep.swiftmodules for dep in deps]),
            objects = depset([obj], transitive = [dep.objects for dep in deps]),
        ),
        # The module's analysis, for the analyses of the modules that list
        # this target in their deps.
        ctx.attr.implicits[ImplicitsInfo],
    ]

def _binary_impl(ctx):
    toolchain = ctx.attr.toolchain[ImplicitsSwiftToolchainInfo]
    _, obj, _, deps = _compile(ctx, library = False)
    program = ctx.actions.declare_file(ctx.label.name)
    objects = depset([obj], transitive = [dep.objects for dep in deps])

    args = ctx.actions.args()
    _target_args(args, toolchain.target)
    args.add_all(["-o", program])
    args.add_all(objects)
    args.add_all(toolchain.runtime_objects)
    args.add_all(ctx.attr.linkopts)
    ctx.actions.run(
        executable = toolchain.swiftc,
        arguments = [args],
        inputs = depset(
            toolchain.runtime_objects + [toolchain.version_file],
            transitive = [objects],
        ),
        outputs = [program],
        env = _env(toolchain),
        mnemonic = "SwiftLink",
        progress_message = "Linking %s" % ctx.label,
    )
    return [DefaultInfo(files = depset([program]), executable = program)]

_COMPILE_ATTRS = {
    "srcs": attr.label_list(allow_files = [".swift"], mandatory = True),
    "implicits": attr.label(
        mandatory = True,
        providers = [ImplicitsInfo],
        doc = "The module's implicits_module target: its module name and support file.",
    ),
    "deps": attr.label_list(providers = [ImplicitsSwiftInfo]),
    "defines": attr.string_list(),
    "copts": attr.string_list(),
    "toolchain": attr.label(
        default = Label("//:default_swift_toolchain"),
        providers = [ImplicitsSwiftToolchainInfo],
    ),
}

_implicits_swift_library_compile = rule(
    implementation = _library_impl,
    doc = "The compile half of implicits_swift_library.",
    attrs = _COMPILE_ATTRS,
)

_implicits_swift_binary_compile = rule(
    implementation = _binary_impl,
    doc = "The compile and link half of implicits_swift_binary.",
    attrs = dict(_COMPILE_ATTRS, linkopts = attr.string_list()),
    executable = True,
)

def _declare(compile_rule, name, srcs, deps, module_name, defines, enable_exporting, copts,
             tool, toolchain, visibility, extra, kwargs):
    analysis = name + "_implicits"

    # The analysis reads the ImplicitsInfo that each dep forwards from its
    # own analysis target, so it depends on the deps' interfaces only, never
    # on their compiles.
    implicits_module(
        name = analysis,
        module_name = module_name or name,
        srcs = srcs,
        deps = deps,
        defines = defines,
        enable_exporting = enable_exporting,
        tool = tool,
        visibility = visibility,
        **kwargs
    )
    compile_rule(
        name = name,
        srcs = srcs,
        implicits = ":" + analysis,
        deps = deps,
        defines = defines,
        copts = copts,
        toolchain = toolchain,
        visibility = visibility,
        **dict(kwargs, **extra)
    )

def implicits_swift_library(
        name,
        srcs,
        deps = [],
        module_name = None,
        defines = [],
        enable_exporting = False,
        copts = [],
        tool = None,
        toolchain = None,
        visibility = None,
        **kwargs):
    """A Swift library module, checked by its implicits analysis and compiled with it.

    Declares `<name>_implicits` (an `implicits_module`) and `<name>`, which
    compiles `srcs` and the support file into `<Module>.o` and
    `<Module>.swiftmodule` and provides `ImplicitsSwiftInfo` and the
    module's `ImplicitsInfo`.

    Args:
      name: the compile target's name; the analysis target is `<name>_implicits`.
      srcs: the module's `.swift` files, for both targets.
      deps: `implicits_swift_library` targets of the modules this module imports;
        the runtime is always there.
      module_name: the Swift module name; defaults to `name`.
      defines: conditional compilation flags, for both the analysis and the compiler.
      enable_exporting: `implicits analyze --enable-exporting`.
      copts: more `swiftc` flags for the compile, after `-O`.
      tool: the `implicits` executable; defaults to `@implicits_tool//:implicits`.
      toolchain: an `implicits_swift_toolchain`; defaults to `@implicits_runtime//:toolchain`.
      visibility: the visibility of both targets.
      **kwargs: common attributes (tags, testonly, ...) for both targets.
    """
    _declare(_implicits_swift_library_compile, name, srcs, deps, module_name, defines,
             enable_exporting, copts, tool, toolchain, visibility, {}, kwargs)

def implicits_swift_binary(
        name,
        srcs,
        deps = [],
        module_name = None,
        defines = [],
        enable_exporting = False,
        copts = [],
        linkopts = [],
        tool = None,
        toolchain = None,
        visibility = None,
        **kwargs):
    """A Swift program: its main module, analyzed and compiled, linked with its deps and the runtime.

    Declares `<name>_implicits` (an `implicits_module`) and `<name>`, the
    executable (`bazel run`). The main module may have top-level code
    (`main.swift`). The arguments are those of `implicits_swift_library`,
    and `linkopts`: more `swiftc` flags for the link.
    """
    _declare(_implicits_swift_binary_compile, name, srcs, deps, module_name, defines,
             enable_exporting, copts, tool, toolchain, visibility, {"linkopts": linkopts}, kwargs)
