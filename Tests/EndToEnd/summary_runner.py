"""A unittest runner that ends its output with one line per failed test and its reason, after unittest's own
report (whose tracebacks come first and can be long): `unittest.main(testRunner=SummaryRunner)`."""

import unittest


def reason(formatted: str, limit: int = 400) -> str:
    """The exception line(s) of a formatted traceback (what follows its last indented line), on one line."""
    lines = formatted.rstrip().splitlines()
    last_indented = max((index for index, line in enumerate(lines) if line.startswith(" ")), default=-1)
    text = " ".join(line.strip() for line in lines[last_indented + 1:]) or (lines[-1] if lines else "")
    return text if len(text) <= limit else text[:limit] + " [...]"


class SummaryRunner(unittest.TextTestRunner):
    def run(self, test):
        result = super().run(test)
        problems = [("ERROR", case, formatted) for case, formatted in result.errors]
        problems += [("FAIL", case, formatted) for case, formatted in result.failures]
        problems += [("UNEXPECTED SUCCESS", case, "") for case in result.unexpectedSuccesses]
        if problems:
            self.stream.writeln(f"\n{len(problems)} failures and errors in {result.testsRun} tests:")
            for kind, case, formatted in problems:
                self.stream.writeln(f"{kind} {case.id()}: {reason(formatted) if formatted else 'expected to fail'}")
            self.stream.flush()
        return result
