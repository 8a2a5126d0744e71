#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Man page parts and bash completion for rocepilot-cli, read from the program's own --help texts at build time,
so the help text stays the one source: a command or option added there reaches the man page and the completion
with the next build.

  cli_docs.py commands CLI               the commands 'rocepilot-cli --help' lists, one per line
  cli_docs.py man PROGRAM OUT            OUT (roff) and OUT.gz: help2man on PROGRAM's --help and --version; for
                                         rocepilot-cli every command's --help follows as a section of its own
  cli_docs.py completion CLI OUT         the bash completion script
  cli_docs.py options CLI                per command: ACTION OPTION [VALUE] lines, for the completion test
"""
import gzip
import os
import re
import subprocess
import sys
import tempfile

PROGRAMS = ("rocepilot", "rocepilot-cli", "rocepilot-probe")
OPTION = re.compile(r"--[a-z][a-z0-9-]*")


def run_help(cli, *args, help_flag=True):
    out = subprocess.run([cli, *args, *(["--help"] if help_flag else [])], check=True, capture_output=True,
                         text=True, timeout=60)
    return out.stdout


def commands(main_help):
    """The names in the 'commands:' block of the main help, in its order."""
    names, inside = [], False
    for line in main_help.splitlines():
        if line.strip() == "commands:":
            inside = True
            continue
        if inside:
            m = re.match(r"^  ([a-z][a-z-]*)\s{2,}\S", line)
            if not m:
                if line.strip() and not line.startswith("    "):
                    break
                continue
            names.append(m.group(1))
    if not names:
        sys.exit("cli_docs.py: no 'commands:' block in the --help text")
    return names


def usage_block(text):
    """The usage lines: from 'usage:' to the first blank line."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("usage:"):
            block = []
            for rest in lines[i:]:
                if not rest.strip():
                    break
                block.append(rest)
            return block
    return []


def top_level(text):
    """text with everything inside [...] and (...) removed."""
    out, depth = [], 0
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def parse_command(cli, name, text):
    """(actions, {option: metavar or None}, {metavar: words}, {action: metavar of its argument}) of one command's
    help text."""
    actions = []
    action_args = {}
    options = {}
    prefix = f"{cli} {name}"
    for line in usage_block(text):
        body = line[len("usage:"):] if line.startswith("usage:") else line
        body = body.strip()
        if not body.startswith(prefix + " "):
            continue
        words = top_level(body[len(prefix):]).split()
        # 'lab start | status | stop' and 'journal list' / 'journal show JOURNAL': a lowercase word first or after |.
        for i, w in enumerate(words):
            if re.fullmatch(r"[a-z][a-z-]*", w) and (i == 0 or words[i - 1] == "|") and w not in actions:
                actions.append(w)
                # 'profile show PRESET', 'journal show JOURNAL': what the action's argument is.
                if i + 1 < len(words) and re.fullmatch(r"[A-Z][A-Z_]*(\|[A-Z][A-Z_]*)*", words[i + 1]):
                    action_args[w] = words[i + 1]
    sources = list(usage_block(text))
    for line in text.splitlines():
        # Option table rows start at the left margin (two spaces) with the option; deeper lines are prose.
        m = re.match(r"^ {2}(--\S.*)$", line)
        if m:
            sources.append(re.split(r"\s{2,}", m.group(1), maxsplit=1)[0])
    for src in sources:
        for m in re.finditer(r"(--[a-z][a-z0-9-]*)(?:[ =]([A-Z][A-Z_]*(?:\|[A-Z][A-Z_]*)*|[a-z0-9-]+(?:\|[a-z0-9-]+)+))?", src):
            opt, value = m.group(1), m.group(2)
            if opt == "--" or (opt in options and options[opt] is not None):
                continue
            options[opt] = value
    # Every command prints its help on --help (the main help says so), listed or not.
    options.setdefault("--help", None)
    choices = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^([A-Z][A-Z_]*): (.*)$", line)
        if m:
            body = m.group(2)
            for cont in lines[i + 1:]:
                if cont.startswith("      ") and cont.strip():
                    body += " " + cont.strip()
                else:
                    break
            words = [re.sub(r"\(.*?\)", "", w).strip() for w in body.split(",")]
            choices[m.group(1)] = [w for w in words if re.fullmatch(r"[A-Za-z0-9_-]+", w)]
    return actions, options, choices, action_args


def value_words(value, choices):
    """How the completion fills in a value: ('files'|'dirs'|'netdevs'|'presets'|'files-presets'|'words'|'none',
    words)."""
    if value is None:
        return None
    if value == "PRESET":
        return ("presets", [])
    if value == "FILE|PRESET":
        return ("files-presets", [])
    if "|" in value and value == value.lower():
        return ("words", value.split("|"))
    if value in choices:
        return ("words", choices[value])
    if value in ("DIR",) or value.endswith("DIR"):
        return ("dirs", [])
    if value in ("FILE", "JOURNAL", "RUN", "PATH") or "FILE" in value.split("|"):
        return ("files", [])
    if value == "IF":
        return ("netdevs", [])
    return ("none", [])


def model(cli):
    name = "rocepilot-cli"
    cmds = []
    for c in commands(run_help(cli)):
        text = run_help(cli, c)
        actions, options, choices, action_args = parse_command(name, c, text)
        cmds.append((c, text, actions, options, choices, action_args))
    return cmds


def roff_escape(line):
    line = line.replace("\\", "\\e")
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def see_also(prog):
    others = [p for p in PROGRAMS if p != prog]
    return "[SEE ALSO]\n" + ",\n".join(f".BR {p} (1)" for p in others) + "\n"


def man_include(cli):
    parts = ["[COMMANDS]", "Each command has its own options; they are listed below exactly as", ".B rocepilot-cli",
             ".I command",
             ".B \\-\\-help",
             "prints them."]
    for c, text, *_ in model(cli):
        parts.append(f'.SS "{c}"')
        parts.append(".nf")
        parts.extend(roff_escape(line) for line in text.rstrip("\n").splitlines())
        parts.append(".fi")
    return "\n".join(parts) + "\n\n"


def program_help(program):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([program, "--help"], check=True, capture_output=True, text=True, timeout=60, env=env)
    # rocepilot-probe keeps its stdout for protocol lines: its help goes to stderr.
    return out.stdout or out.stderr


def man_name(program):
    """The NAME line: the first sentence the program says about itself after its usage lines."""
    text = program_help(program)
    paragraph = []
    for line in text.splitlines()[len(usage_block(text)) or 1:]:
        if not line.strip():
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    sentence = re.split(r"(?<=[.:])\s", " ".join(paragraph), maxsplit=1)[0].rstrip(".:")
    if not sentence:
        sys.exit(f"cli_docs.py: {program} --help has no description after its usage line")
    first = sentence.split()[0]
    # "The remote half" reads "the remote half" after the dash; "RoCE Pilot" stays as it is.
    return sentence[0].lower() + sentence[1:] if first[1:].islower() else sentence


def man(program, out):
    prog = os.path.basename(program)
    include = (man_include(program) if prog == "rocepilot-cli" else "") + see_also(prog)
    with tempfile.TemporaryDirectory() as tmp:
        inc = os.path.join(tmp, "include.h2m")
        with open(inc, "w", encoding="utf-8") as f:
            f.write(include)
        # help2man takes its SYNOPSIS from a line starting 'Usage:' and lines starting 'or:'; the programs say
        # 'usage:' and indent further forms. A wrapper of the same name rewrites those on the way (and gives
        # help2man the probe's stderr, where its help is).
        wrapper = os.path.join(tmp, prog)
        with open(wrapper, "w", encoding="utf-8") as f:
            redirect = " 2>&1" if prog == "rocepilot-probe" else ""
            f.write(f"#!/bin/sh\n'{os.path.abspath(program)}' \"$@\"{redirect} "
                    f" | sed -e '1s/^usage:/Usage:/' -e '2,/^$/s/^  *{prog} /  or: {prog} /'\n")
        os.chmod(wrapper, 0o755)
        # The GUI parses its options inside QApplication, which needs a platform even for --help.
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        subprocess.run(["help2man", "--no-info", "--section", "1", "--name", man_name(program), "--include", inc,
                        "--output", out, wrapper], check=True, env=env, timeout=120)
    with open(out, "rb") as f:
        roff = f.read()
    # mtime 0 and no file name: the same page gives the same .gz (lintian wants -9 and reproducible).
    with open(out + ".gz", "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as gz:
            gz.write(roff)


def shell_words(words):
    return " ".join(words)


def completion(cli, out):
    cmds = model(cli)
    # The preset ids, for --profile FILE|PRESET and 'profile show PRESET': the lines 'profile presets' starts
    # at the left margin.
    presets = [line for line in run_help(cli, "profile", "presets", help_flag=False).splitlines()
               if re.fullmatch(r"[a-z][a-z0-9-]*", line)]
    if not presets:
        sys.exit("cli_docs.py: 'rocepilot-cli profile presets' listed no presets")
    lines = [
        "# bash completion for rocepilot-cli -*- shell-script -*-",
        "# Generated at build time from 'rocepilot-cli --help' and each command's --help (installer/cli_docs.py):",
        "# edit the help texts, not this file.",
        "",
        "_rocepilot_cli_reply()",
        "{",
        "    # $1: words, files, dirs, netdevs, presets or files-presets; $2: the words; $3: the word being completed",
        "    local IFS=$'\\n'",
        f"    local presets='{shell_words(presets)}'",
        "    case $1 in",
        "    words) COMPREPLY=($(IFS=' ' compgen -W \"$2\" -- \"$3\")) ;;",
        "    presets) COMPREPLY=($(IFS=' ' compgen -W \"$presets\" -- \"$3\")) ;;",
        "    files-presets)",
        "        compopt -o filenames 2>/dev/null",
        "        COMPREPLY=($(IFS=' ' compgen -W \"$presets\" -- \"$3\") $(compgen -f -- \"$3\")) ;;",
        "    files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$3\")) ;;",
        "    dirs) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$3\")) ;;",
        "    netdevs) COMPREPLY=($(compgen -W \"$(ls /sys/class/net 2>/dev/null)\" -- \"$3\")) ;;",
        "    *) COMPREPLY=() ;;",
        "    esac",
        "}",
        "",
        "_rocepilot_cli()",
        "{",
        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}",
        "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
        f"        _rocepilot_cli_reply words \"{shell_words([c[0] for c in cmds] + ['--help', '--version'])}\" \"$cur\"",
        "        return",
        "    fi",
        "    local actions='' options=''",
        "    case ${COMP_WORDS[1]} in",
    ]
    for c, _text, actions, options, choices, action_args in cmds:
        lines.append(f"    {c})")
        by_kind = {}
        for opt, value in options.items():
            how = value_words(value, choices)
            if how is None:
                continue
            by_kind.setdefault((how[0], tuple(how[1])), []).append(opt)
        if by_kind:
            lines.append("        case $prev in")
            for (kind, words), opts in by_kind.items():
                lines.append(f"        {'|'.join(opts)})")
                lines.append(f"            _rocepilot_cli_reply {kind} \"{shell_words(words)}\" \"$cur\"")
                lines.append("            return ;;")
            lines.append("        esac")
        args = [(a, value_words(v, choices)) for a, v in action_args.items()]
        if args:
            lines.append("        if [ \"$COMP_CWORD\" -eq 3 ] && [[ $cur != -* ]]; then")
            lines.append("            case ${COMP_WORDS[2]} in")
            for a, (kind, words) in args:
                lines.append(f"            {a}) _rocepilot_cli_reply {kind} \"{shell_words(words)}\" \"$cur\"; return ;;")
            lines.append("            esac")
            lines.append("        fi")
        lines.append(f"        actions=\"{shell_words(actions)}\"")
        lines.append(f"        options=\"{shell_words(options.keys())}\"")
        lines.append("        ;;")
    lines += [
        "    *) return ;;",
        "    esac",
        "    if [[ $cur == -* ]]; then",
        "        _rocepilot_cli_reply words \"$options\" \"$cur\"",
        "    elif [ \"$COMP_CWORD\" -eq 2 ] && [ -n \"$actions\" ]; then",
        "        _rocepilot_cli_reply words \"$actions\" \"$cur\"",
        "    else",
        "        _rocepilot_cli_reply files '' \"$cur\"",
        "    fi",
        "}",
        "complete -F _rocepilot_cli rocepilot-cli",
        "",
    ]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def list_options(cli):
    for c, _text, actions, options, *_ in model(cli):
        for opt, value in options.items():
            print(c, actions[0] if actions else "-", opt, "VALUE" if value else "-")


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    mode = argv[1]
    if mode == "commands":
        print("\n".join(commands(run_help(argv[2]))))
    elif mode == "man" and len(argv) == 4:
        man(argv[2], argv[3])
    elif mode == "completion" and len(argv) == 4:
        completion(argv[2], argv[3])
    elif mode == "options":
        list_options(argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
