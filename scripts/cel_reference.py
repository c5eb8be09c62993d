#!/usr/bin/env python3
"""Reference evaluator for RouteKit's differential test (docs/differential.md).

Evaluates CEL expressions with Google's CEL C++ runtime, through its Python wrapper
`cel-expr-python` (`python3 -m pip install cel-expr-python`).

Input, on stdin, one JSON object per line:

    {"expr": "a.b + 1", "bindings": {"a": {"b": 2}}}

`bindings` are the top-level variables. JSON integers are bound as CEL `int`, every other JSON
number as CEL `double`, objects as maps with string keys, arrays as lists. The expression is
compiled without type checking (`disable_check=True`), so every variable is dynamic, as in
RouteKit's unchecked interpreter.

Output, on stdout, one JSON line per input line, in order:

    {"value": <tagged value>}   or   {"error": "<message>"}

Tagged values keep the kinds JSON would lose:

    {"int": "3"}  (decimal text, so 64-bit values survive)
    {"double": "1.5"}  (shortest round-trip text, so -0.0 survives; or "NaN", "Infinity", "-Infinity")
    {"string": "..."}
    {"bool": true}   {"null": true}   {"list": [<tagged>...]}   {"map": [[<tagged key>, <tagged>], ...]}

`{"error": ...}` is written both for CEL error values and for expressions the library refuses to
parse (the message then starts with "compile: ").

Exit status: 0 after all lines, 3 when the library cannot be imported (message on stderr).
"""

import json
import math
import sys

try:
    from cel_expr_python import cel
except ImportError as import_error:  # pragma: no cover - depends on the machine
    sys.stderr.write(
        "cel_reference.py: cannot import cel_expr_python (%s); "
        "install it with: python3 -m pip install cel-expr-python\n" % import_error
    )
    sys.exit(3)


def tag_double(d):
    if math.isnan(d):
        return {"double": "NaN"}
    if math.isinf(d):
        return {"double": "Infinity" if d > 0 else "-Infinity"}
    return {"double": repr(d)}


def tag_plain(v):
    """Tags a plain Python value (bool before int: bool is an int subclass)."""
    if v is None:
        return {"null": True}
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"int": str(v)}
    if isinstance(v, float):
        return tag_double(v)
    if isinstance(v, str):
        return {"string": v}
    if isinstance(v, (bytes, bytearray)):
        raise TypeError("bytes value")
    if isinstance(v, list):
        return {"list": [tag(item) for item in v]}
    if isinstance(v, dict):
        return {"map": [[tag_plain(k), tag(item)] for k, item in v.items()]}
    raise TypeError("unsupported value %r" % type(v).__name__)


def tag(v):
    """Tags a cel Value, a list/map item accessor, or a plain Python value."""
    if hasattr(v, "value") and callable(getattr(v, "value")) and not isinstance(v, (dict, list)):
        type_name = v.type().name()
        if type_name == "ERROR":
            raise CelError(str(v.value()))
        if type_name == "NULL":
            # cel-expr-python 0.1.3 drops a reference to None each time value() or
            # plain_value() returns it, until the interpreter aborts ("deallocating None"):
            # never ask a null for its value (docs/differential.md).
            return {"null": True}
        if type_name.startswith("UINT") or type_name.startswith("BYTES"):
            raise TypeError("unsupported result type %s" % type_name)
        return tag(v.value())
    return tag_plain(v)


class CelError(Exception):
    pass


def main():
    env = cel.NewEnv()
    compiled = {}
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        source = request["expr"]
        bindings = request.get("bindings") or {}
        try:
            expression = compiled.get(source)
            if expression is None:
                try:
                    expression = env.compile(source, disable_check=True)
                except Exception as error:  # syntax errors
                    raise CelError("compile: " + str(error).splitlines()[0])
                compiled[source] = expression
            try:
                result = expression.eval(data=bindings)
            except Exception as error:  # e.g. duplicate map keys raise instead of returning
                raise CelError(str(error).splitlines()[0] if str(error) else type(error).__name__)
            response = {"value": tag(result)}
        except CelError as error:
            response = {"error": str(error)}
        except (TypeError, ValueError, OverflowError) as error:
            response = {"error": "unrepresentable: %s" % error}
        out.write(json.dumps(response, ensure_ascii=True, allow_nan=False))
        out.write("\n")
    out.flush()


if __name__ == "__main__":
    main()
