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
    from pyodide.ffi import can_run_sync, run_sync, jsnull
    NO_WAITING = "This browser can't pause a Python program while you type, so input() gets no answer here. A recent Chrome or Edge can."
    loads = json.loads
    import random
    random_seed = random.seed
    pristine = real_dict(builtins.__dict__)
    builtins_dict = builtins.__dict__
    ast_pristine = real_dict(ast.__dict__)
    streams = (sys.stdout, sys.stderr, sys.stdin)

    class Timeout(BaseException):
        pass

    def restore():
        for name in real_list(builtins_dict.keys()):
            if name not in pristine:
                del builtins_dict[name]
        builtins_dict.update(pristine)
        ast.__dict__.update(ast_pristine)
        sys.stdout, sys.stderr, sys.stdin = streams
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

    def execute(code_or_source, filename, namespace, seconds, ask=None):
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
        if seed is not None:
            random_seed(seed)
        return (execute(tree, filename, namespace, seconds), [])

    return {"execute": execute, "run_check": run_check, "uses": uses, "rerun": rerun}

__codetrail = __codetrail_install()
del __codetrail_install
`;
