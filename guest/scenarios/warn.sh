#!/bin/sh
# For the tests of the tooling (tests/run): a line on the console as the
# kernel's WARN() prints it, which scripts/vm must judge a failed boot.
echo "WARNING: CPU: 0 PID: $$ at tooling-test: tooling test: a deliberate warning" > /dev/kmsg
sleep 1
