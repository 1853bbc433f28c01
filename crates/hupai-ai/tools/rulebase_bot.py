"""mjai's RulebaseBot (PyPI `mjai` 0.2.1) as a stdin/stdout mjai bot, for `mjai:` seats.

    python3 -m venv /tmp/mjai-venv && /tmp/mjai-venv/bin/pip install mjai==0.2.1
    hupai arena --rules riichi --games 160 \
        --agents 'search,mjai:/tmp/mjai-venv/bin/python crates/hupai-ai/tools/rulebase_bot.py'

hupai appends the seat (0-3) to the command and writes one event a line, as the classic
protocol has it; the package's `Bot.react` takes a JSON array of events, so each line is
passed as an array of one. Every line gets one reply line (`{"type":"none"}` when there is
nothing to do), which is what `--mjai-replies every-event` (the default) expects. The
package logs every decision to stderr through loguru; that is turned off (warnings still show).
"""

import json
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot


def main() -> None:
    logger.remove()
    logger.add(sys.stderr, level="WARNING")
    bot = RulebaseBot(int(sys.argv[-1]))
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        event = json.loads(line)
        events = event if isinstance(event, list) else [event]
        sys.stdout.write(bot.react(json.dumps(events)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
