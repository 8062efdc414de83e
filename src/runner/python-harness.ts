/**
 * Python code that runs inside Pyodide (browser worker or Node) around the learner's program:
 * a fresh namespace per run, a time budget enforced by a trace function (a runaway loop raises
 * instead of hanging), and errors reported with their line in the learner's file.
 *
 * Learner code shares the interpreter with the checker, so the checker keeps everything it relies
 * on out of the learner's reach: `__codetrail_install()` returns the harness's functions to the
 * host (which holds them) and is then deleted, so no name in any namespace leads to them; they hold
 * their own references to `compile`, `exec`, `ast`, the clock and the trace hook, taken before any
 * learner code ran; builtins and the standard streams are put back after every run, and checks see
 * the real builtins even when the learner's program defined its own `len` or `print`.
 */
export const PYTHON_HARNESS = String.raw`
def __codetrail_install():
    import sys, time, traceback, ast, builtins, json

    monotonic = time.monotonic
    settrace = sys.settrace
    extract_tb = traceback.extract_tb
    parse = ast.parse
    walk = ast.walk
    fix_locations = ast.fix_missing_locations
    copy_location = ast.copy_location
    real_compile = compile
    real_exec = exec
    real_isinstance = isinstance
    real_type = type
    real_str = str
    real_dict = dict
    real_list = list
    real_set = set
    real_len = len
    real_getattr = getattr
    real_any = any
    from pyodide.ffi import can_run_sync, run_sync, jsnull
    NO_WAITING = "This browser can't pause a Python program while you type, so input() gets no answer here. A recent Chrome or Edge can."
    loads = json.loads
    import random
    random_seed = random.seed
    pristine = real_dict(builtins.__dict__)
    builtins_dict = builtins.__dict__
    ast_pristine = real_dict(ast.__dict__)
    streams = (sys.stdout, sys.stderr, sys.stdin)

    # A clean interpreter for every run, without starting a new one: the modules a lesson is likely
    # to import are loaded now, and every module loaded now (with the classes it defines) is
    # snapshotted; reset() puts back what any earlier run changed in them (random.randint replaced,
    # a function added) and forgets the modules loaded since, so the next import loads them fresh.
    # random is reseeded from the system, as a new interpreter would be. The host calls it before
    # each learner's run and again before that run's checks (about 8 ms in Node, measured).
    import math, string, re, collections, itertools, functools, datetime, types
    modules = sys.modules
    HEAP_TYPE = 1 << 9
    real_setattr = setattr
    real_delattr = delattr
    real_path = real_list(sys.path)
    recursion_limit = sys.getrecursionlimit()
    module_snapshot = []
    for module_name, module in real_list(modules.items()):
        if module_name in ("sys", "builtins", "__main__") or module is None:
            continue
        module_dict = real_getattr(module, "__dict__", None)
        if not real_isinstance(module_dict, real_dict):
            continue
        classes = [(value, value.__dict__, real_dict(value.__dict__)) for value in module_dict.values() if real_isinstance(value, real_type) and value.__flags__ & HEAP_TYPE and real_getattr(value, "__module__", None) == module_name]
        module_snapshot.append((module_name, module, module_dict, real_dict(module_dict), classes))
    # Compared by identity only, in C (map over operator.is_): a value the learner put in cannot
    # answer the comparison (its __eq__ is never called), and an untouched module costs next to nothing.
    from operator import is_
    real_all = all
    real_map = map

    def unchanged(current, saved):
        return real_len(current) == real_len(saved) and real_all(real_map(is_, real_map(current.get, saved.keys()), saved.values()))

    # The fast path, one pass in C over every snapshotted entry: the dicts' sizes, then each value.
    dict_get = real_dict.get
    proxy_get = real_type(real_type.__dict__).get
    watched_dicts = [entry[2] for entry in module_snapshot]
    watched_sizes = [real_len(entry[3]) for entry in module_snapshot]
    watched_proxies = [cls_dict for entry in module_snapshot for _, cls_dict, _ in entry[4]]
    watched_proxy_sizes = [real_len(saved) for entry in module_snapshot for _, _, saved in entry[4]]
    flat_dicts = [entry[2] for entry in module_snapshot for _ in entry[3]]
    flat_keys = [key for entry in module_snapshot for key in entry[3]]
    flat_values = [value for entry in module_snapshot for value in entry[3].values()]
    flat_proxies = [cls_dict for entry in module_snapshot for _, cls_dict, saved in entry[4] for _ in saved]
    flat_proxy_keys = [key for entry in module_snapshot for _, _, saved in entry[4] for key in saved]
    flat_proxy_values = [value for entry in module_snapshot for _, _, saved in entry[4] for value in saved.values()]

    def all_unchanged():
        return (
            real_list(real_map(real_len, watched_dicts)) == watched_sizes
            and real_list(real_map(real_len, watched_proxies)) == watched_proxy_sizes
            and real_all(real_map(is_, real_map(dict_get, flat_dicts, flat_keys), flat_values))
            and real_all(real_map(is_, real_map(proxy_get, flat_proxies, flat_proxy_keys), flat_proxy_values))
        )
    known_modules = real_set(modules.keys())
    sys_dict = sys.__dict__
    sys_pristine = real_dict(sys_dict)
    MISSING = object()

    # Watching the learner's code run, for uses checks: sys.monitoring reports each instruction of
    # the lesson's files once (then that place is disabled, so a long loop costs nothing more) and
    # every call they make. While learner code runs, sys.monitoring, settrace and setprofile are out
    # of its reach, so it cannot switch the watching off.
    monitoring = sys.monitoring
    TOOL = monitoring.COVERAGE_ID
    DISABLE = monitoring.DISABLE
    WATCHED_EVENTS = monitoring.events.INSTRUCTION | monitoring.events.CALL
    set_events = monitoring.set_events
    restart_events = monitoring.restart_events
    FUNCTION_TYPES = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.BuiltinMethodType, types.MethodWrapperType, types.MethodDescriptorType, types.WrapperDescriptorType, real_type)
    watch_tools = [("monitoring", monitoring), ("settrace", sys.settrace), ("setprofile", sys.setprofile)]

    class NotInLessons:
        def __getattr__(self, name):
            raise RuntimeError("sys.monitoring is not available in lessons")

    def not_in_lessons(*args, **kwargs):
        raise RuntimeError("tracing is not available in lessons")

    blocked_tools = [("monitoring", NotInLessons()), ("settrace", not_in_lessons), ("setprofile", not_in_lessons)]
    watching = [None]

    def lesson_file(state, filename):
        if filename == state["entry"]:
            return filename
        if filename.startswith(state["folder"]):
            return filename[real_len(state["folder"]):]
        return None

    def on_instruction(code, offset):
        state = watching[0]
        name = None if state is None else lesson_file(state, code.co_filename)
        if name is None:
            return DISABLE
        positions = state["positions"].get(code)
        if positions is None:
            positions = real_list(code.co_positions())
            state["positions"][code] = positions
        index = offset // 2
        if index < real_len(positions):
            state["hits"].setdefault(name, real_set()).add(positions[index])
        return DISABLE

    def on_call(code, offset, function, arg0):
        state = watching[0]
        if state is None or lesson_file(state, code.co_filename) is None:
            return DISABLE
        if real_isinstance(function, FUNCTION_TYPES):
            called = real_getattr(function, "__func__", function)
            state["calls"].add(real_str(real_getattr(called, "__name__", "")))
        return None

    monitoring.use_tool_id(TOOL, "codetrail")
    monitoring.register_callback(TOOL, monitoring.events.INSTRUCTION, on_instruction)
    monitoring.register_callback(TOOL, monitoring.events.CALL, on_call)

    def watch(entry, folder):
        # Starts watching the lesson's files (the entry by its name, the others in the folder).
        watching[0] = {"entry": entry, "folder": folder + "/", "positions": {}, "hits": {}, "calls": real_set()}
        restart_events()
        set_events(TOOL, WATCHED_EVENTS)

    def stop_watching():
        set_events(TOOL, 0)
        state = watching[0]
        watching[0] = None
        return state

    seen = [None]

    def spans_of(node, construct):
        # Where a construct does its work: a loop's body, a branch's condition, a function's body,
        # a try's statements (never a bare pass), a comprehension's element, else the node itself.
        def span(first, last=None):
            last = last or first
            return (first.lineno, first.col_offset, last.end_lineno, last.end_col_offset)
        if real_isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            return [span(node.body[0], node.body[-1])]
        if real_isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return [span(node.elt)]
        if real_isinstance(node, ast.DictComp):
            return [span(node.key, node.value)]
        if real_isinstance(node, (ast.If, ast.IfExp)):
            return [span(node.test)]
        if real_isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return [span(node.body[0], node.body[-1])]
        if real_isinstance(node, ast.Lambda):
            return [span(node.body)]
        if real_isinstance(node, ast.Try) or real_isinstance(node, real_getattr(ast, "TryStar", ast.Try)):
            return [span(statement) for statement in node.body if not real_isinstance(statement, ast.Pass)]
        return [span(node)]

    def inside(position, span):
        line, end_line, column, end_column = position
        if line is None or end_line is None or column is None or end_column is None:
            return False
        return (line, column) >= (span[0], span[1]) and (end_line, end_column) <= (span[2], span[3])

    def reached(source, filename, construct, name):
        # Whether the construct ran, from the last watched run: True or False, or None when that
        # file never ran at all (the verdict then rests on the code alone).
        state = seen[0]
        if state is None:
            return None
        hits = state["hits"].get(filename)
        if hits is None:
            return None
        try:
            tree = parse(source, filename)
        except BaseException:
            return None
        for node in walk(tree):
            if matches(node, construct, name):
                for span in spans_of(node, construct):
                    for position in hits:
                        if inside(position, span):
                            return True
        return False

    def called(name):
        # Whether the last watched run called a function of that name, under any name (add = sum).
        state = seen[0]
        return state is not None and name in state["calls"]

    def finish_watching():
        seen[0] = stop_watching()

    def restore_modules():
        for name in real_list(modules.keys()):
            if name not in known_modules:
                del modules[name]
        for name, module, _, _, _ in module_snapshot:
            if modules.get(name) is not module:
                modules[name] = module
        for name, module, module_dict, saved, classes in ([] if all_unchanged() else module_snapshot):
            if modules.get(name) is not module:
                modules[name] = module
            if not unchanged(module_dict, saved):
                for key in real_list(module_dict.keys()):
                    if key not in saved:
                        del module_dict[key]
                module_dict.update(saved)
            for cls, cls_dict, cls_saved in classes:
                if unchanged(cls_dict, cls_saved):
                    continue
                for key in real_list(cls_dict.keys()):
                    if key not in cls_saved:
                        real_delattr(cls, key)
                for key, value in cls_saved.items():
                    if cls_dict.get(key, MISSING) is not value:
                        real_setattr(cls, key, value)
        if not unchanged(sys_dict, sys_pristine):
            for key in real_list(sys_dict.keys()):
                if key not in sys_pristine:
                    del sys_dict[key]
            for key, value in sys_pristine.items():
                if key not in ("stdout", "stderr", "stdin") and sys_dict.get(key, MISSING) is not value:
                    sys_dict[key] = value
        sys.path[:] = real_path
        sys.setrecursionlimit(recursion_limit)
        random_seed()

    class Timeout(BaseException):
        pass

    def restore():
        for name in real_list(builtins_dict.keys()):
            if name not in pristine:
                del builtins_dict[name]
        builtins_dict.update(pristine)
        ast.__dict__.update(ast_pristine)
        sys.stdout, sys.stderr, sys.stdin = streams
        for key, value in watch_tools:
            sys_dict[key] = value
        settrace(None)

    def describe(error, filename):
        line = None
        file = None
        for frame in extract_tb(error.__traceback__):
            if frame.filename == filename:
                line = frame.lineno
                file = frame.filename
        if real_isinstance(error, SyntaxError):
            line = error.lineno
            file = filename
        return {"type": real_type(error).__name__, "message": real_str(error) or real_type(error).__name__, "line": line, "file": file}

    def asking_input(ask, deadline):
        # input() for a program someone is watching (the build area): the host's ask(prompt)
        # answers the line, or a promise of it, which run_sync waits for with the stack suspended
        # (JSPI). The wait is not the program's time: the deadline moves on by as long as it took.
        # The prompt goes with the question, and prompt plus answer are echoed as a terminal shows them.
        def input(prompt=""):
            prompt = real_str(prompt)
            out = streams[0]
            out.flush()
            started = monotonic()
            answer = ask(prompt)
            if real_getattr(answer, "then", None) is not None:
                if not can_run_sync():
                    raise EOFError(NO_WAITING)
                answer = run_sync(answer)
            deadline[0] += monotonic() - started
            if answer is None or answer is jsnull:
                out.write(prompt + "\n")
                raise EOFError("EOF when reading a line")
            line = real_str(answer)
            out.write(prompt + line + "\n")
            out.flush()
            return line
        return input

    def execute(code_or_source, filename, namespace, seconds, ask=None, seed=None):
        if seed is not None:
            random_seed(seed)
        restore()
        deadline = [monotonic() + seconds]
        steps = [0]
        def tracer(frame, event, arg):
            steps[0] += 1
            if steps[0] % 500 == 0 and monotonic() > deadline[0]:
                raise Timeout()
            return tracer
        try:
            code = real_compile(code_or_source, filename, "exec")
            if ask is not None:
                builtins_dict["input"] = asking_input(ask, deadline)
            for key, value in blocked_tools:
                sys_dict[key] = value
            settrace(tracer)
            real_exec(code, namespace)
            return None
        except Timeout:
            return {"type": "Timeout", "message": "Your program ran for too long and was stopped. Is there a loop that never ends?", "line": None, "file": None}
        except SystemExit:
            return None
        except BaseException as error:
            return describe(error, filename)
        finally:
            restore()

    def run_check(code, namespace, seconds):
        # The learner's own namespace (a check may stand in for input() in their functions), minus
        # the names that hide a builtin, over the real builtins.
        for name in real_list(namespace.keys()):
            if not name.startswith("__") and name in pristine and namespace[name] is not pristine[name]:
                del namespace[name]
        namespace["__builtins__"] = builtins
        return execute(code, "<check>", namespace, seconds)

    def called_name(node):
        func = node.func
        if real_isinstance(func, ast.Name):
            return func.id
        if real_isinstance(func, ast.Attribute):
            return func.attr
        return None

    def imported(node):
        if real_isinstance(node, ast.Import):
            return [alias.name.split(".")[0] for alias in node.names]
        if real_isinstance(node, ast.ImportFrom) and node.module:
            return [node.module.split(".")[0]]
        return []

    def matches(node, construct, name):
        if construct == "for":
            return real_isinstance(node, (ast.For, ast.AsyncFor))
        if construct == "while":
            return real_isinstance(node, ast.While)
        if construct == "loop":
            return real_isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
        if construct == "branch":
            return real_isinstance(node, (ast.If, ast.IfExp))
        if construct == "if":
            return real_isinstance(node, ast.If)
        if construct == "ternary":
            return real_isinstance(node, ast.IfExp)
        if construct == "function":
            if real_isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return name is None or node.name == name
            return name is None and real_isinstance(node, ast.Lambda)
        if construct == "return":
            return real_isinstance(node, ast.Return)
        if construct == "break":
            return real_isinstance(node, ast.Break)
        if construct == "try":
            return real_isinstance(node, ast.Try)
        if construct == "call":
            return real_isinstance(node, ast.Call) and (name is None or called_name(node) == name)
        if construct == "import":
            return (name is None and real_len(imported(node)) > 0) or name in imported(node)
        if construct == "f-string":
            return real_isinstance(node, ast.JoinedStr)
        if construct == "comprehension":
            return real_isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
        if construct == "augmented-assignment":
            return real_isinstance(node, ast.AugAssign)
        if construct == "boolean-operator":
            return real_isinstance(node, ast.BoolOp) or (real_isinstance(node, ast.UnaryOp) and real_isinstance(node.op, ast.Not))
        return False

    def uses(source, filename, construct, name):
        # None when the program does not parse (its run reports the syntax error).
        try:
            tree = parse(source, filename)
        except BaseException:
            return None
        for node in walk(tree):
            if matches(node, construct, name):
                return True
        return False

    def value_node(value):
        return parse(repr(value), mode="eval").body

    def rerun(source, filename, overrides_json, seconds, seed=None):
        # The program with the given top-level variables assigned other values: changed in the
        # parsed program, never in its text. Returns (error, names the program never assigns).
        overrides = loads(overrides_json)
        try:
            tree = parse(source, filename)
        except BaseException as error:
            return (describe(error, filename), [])
        found = real_set()
        for statement in tree.body:
            target = None
            if real_isinstance(statement, ast.Assign) and real_len(statement.targets) == 1:
                target = statement.targets[0]
            elif real_isinstance(statement, ast.AnnAssign) and statement.value is not None:
                target = statement.target
            if real_isinstance(target, ast.Name) and target.id in overrides and target.id not in found:
                statement.value = copy_location(value_node(overrides[target.id]), statement.value)
                found.add(target.id)
        missing = [name for name in overrides if name not in found]
        if missing:
            return (None, missing)
        fix_locations(tree)
        namespace = {"__name__": "__main__"}
        return (execute(tree, filename, namespace, seconds, None, seed), [])

    def forget_watching():
        seen[0] = None

    def reset():
        # Before a learner's run, and again after it, before its checks (python-run.ts).
        restore_modules()
        restore()

    return {"reset": reset, "execute": execute, "run_check": run_check, "uses": uses, "rerun": rerun, "watch": watch, "finish_watching": finish_watching, "forget_watching": forget_watching, "reached": reached, "called": called}

__codetrail = __codetrail_install()
del __codetrail_install
`;
