/**
 * Python code that runs inside Pyodide (browser worker or Node) around the learner's program:
 * a fresh namespace per run, a time budget enforced by a trace function (a runaway loop raises
 * instead of hanging), and errors reported with their line in the learner's file.
 */
export const PYTHON_HARNESS = String.raw`
import sys, time, traceback

class CodetrailTimeout(BaseException):
    pass

def __codetrail_run(source, filename, namespace, seconds):
    deadline = time.monotonic() + seconds
    steps = [0]
    def tracer(frame, event, arg):
        steps[0] += 1
        if steps[0] % 500 == 0 and time.monotonic() > deadline:
            raise CodetrailTimeout()
        return tracer
    sys.settrace(tracer)
    try:
        exec(compile(source, filename, "exec"), namespace)
        return None
    except CodetrailTimeout:
        return {"type": "Timeout", "message": "Your program ran for too long and was stopped. Is there a loop that never ends?", "line": None, "file": None}
    except SystemExit:
        return None
    except BaseException as error:
        line = None
        file = None
        for frame in traceback.extract_tb(error.__traceback__):
            if frame.filename == filename or not frame.filename.startswith("<"):
                if frame.filename == filename:
                    line = frame.lineno
                    file = frame.filename
        if isinstance(error, SyntaxError):
            line = error.lineno
            file = filename
        return {"type": type(error).__name__, "message": str(error) or type(error).__name__, "line": line, "file": file}
    finally:
        sys.settrace(None)
`;
