"""How long a test waits for something that must happen, and why that is not a speed.

A test may fail because something never happened, never because it happened late: the suite runs on busy 2-core
machines beside other work, where a move that takes 5 ms idle can take a second. So a test that waits for a push, a
process, a page or a bot waits up to :data:`NEVER` — a bound that exists only so that a broken build fails instead
of hanging — and asserts what happened and in which order, not how soon. How soon is measured by benchmarks/, as
ratios against a reference in the same run.

Where a test must tell "late" from "never" (a live table's watchdog, tests/server/crowd.py), the late ones are
reported and only the never ones fail.
"""

#: seconds: waiting this long for something due means it will not come (a hang, a lost wake-up, a frozen table).
#: On the machines the suite runs on, the slowest thing a test waits for (a bot's capped search, a server's start
#: beside a loaded CPU) takes a few seconds; a minute past that is "never".
NEVER = 120.0
#: the same bound in milliseconds, for Playwright's waits
NEVER_MS = int(NEVER * 1000)
