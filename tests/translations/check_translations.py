#!/usr/bin/python3
"""Fails when a user-visible string is missing from the .ts files, or a
Persian entry is unfinished. Runs lupdate on the sources into copies of the
committed catalogues and compares: the committed files are never touched."""
import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path


def messages(ts_path):
    """{(context, source, comment): (numerus, [translations], type)}"""
    out = {}
    root = ET.parse(ts_path).getroot()
    for ctx in root.iter("context"):
        name = ctx.findtext("name")
        for msg in ctx.iter("message"):
            key = (name, msg.findtext("source"), msg.findtext("comment") or "")
            tr = msg.find("translation")
            forms = [f.text or "" for f in tr.findall("numerusform")] if msg.get("numerus") == "yes" else [tr.text or ""]
            out[key] = (msg.get("numerus") == "yes", forms, tr.get("type") or "")
    return out


# Left-to-right runs in a right-to-left sentence that the bidi algorithm moves or that turn the
# sentence around, unless wrapped in U+2066 LEFT-TO-RIGHT ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE:
# - a path whose edge is a slash, a tilde or a dot ("/tmp/x", "~/.config/hamgam", "train/"), shown
#   as "tmp/x/";
# - an option or a `command` right after Persian words ("--bind" shown as "bind--");
# - a Persian sentence that begins in Latin ("hamgamctl run: ..."), whose first strong letter would
#   make the whole paragraph left to right.
BARE_PATH = re.compile(r"(?<![\w/%])[~.]*/[^\s،؛)(<>\"'`\u2069]*[^\s،؛)(<>\"'`.\u2069]"
                       r"|(?<![\w/])[\w.-]+/(?=[\s،؛)]|$)")
OPTION_OR_COMMAND = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*|`[^`]*`")
ARABIC_LETTER = re.compile(r"[\u0600-\u06FF]")


def bare_ltr(text):
    """Left-to-right runs of a Persian `text` that need an isolate (HTML tags are not text)."""
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub("\u2066[^\u2069]*\u2069", " ", text)
    if not ARABIC_LETTER.search(text):
        return []  # a name, a format or a command alone: nothing to turn around
    found = BARE_PATH.findall(text)
    for m in OPTION_OR_COMMAND.finditer(text):
        before = text[: m.start()].rstrip()
        if m.group(0).startswith("`") or not before or re.search(r"[\u0600-\u06FF«»(]$", before):
            found.append(m.group(0))
    first = re.search(r"[A-Za-z\u0600-\u06FF]", re.sub(r"%L?n|%\d+", " ", text))
    if first and first.group(0).isascii():
        found.append(f"the sentence begins in Latin ({text.strip()[:24]!r})")
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lupdate", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--ts", nargs="+", required=True)
    args = ap.parse_args()
    src = Path(args.source_dir)
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        copies = []
        for ts in args.ts:
            dst = Path(tmp) / Path(ts).name
            shutil.copy(ts, dst)
            copies.append(dst)
        dirs = [str(src / d) for d in ("core", "agent", "ui", "app")]
        res = subprocess.run([args.lupdate, "-no-obsolete", "-locations", "none", "-extensions", "cpp,h", *dirs,
                              "-ts", *map(str, copies)], capture_output=True, text=True)
        if res.returncode != 0:
            print(res.stdout, res.stderr)
            return 1
        for ts, copy in zip(args.ts, copies):
            committed = messages(ts)
            fresh = messages(copy)
            missing = sorted(set(fresh) - set(committed))
            stale = sorted(set(committed) - set(fresh))
            for ctx, source, _ in missing:
                problems.append(f"{Path(ts).name}: missing [{ctx}] {source!r} (run: cmake --build build --target update_translations)")
            for ctx, source, _ in stale:
                problems.append(f"{Path(ts).name}: no longer in the sources [{ctx}] {source!r} (run update_translations)")
            if "_fa" in Path(ts).name:
                for (ctx, source, _), (numerus, forms, kind) in sorted(committed.items()):
                    if kind in ("unfinished", "vanished", "obsolete") or any(not f.strip() for f in forms):
                        problems.append(f"{Path(ts).name}: unfinished Persian for [{ctx}] {source!r}")
                    for run in sorted({r for f in forms for r in bare_ltr(f)}):
                        problems.append(f"{Path(ts).name}: [{ctx}] {source!r}: wrap {run} in U+2066 ... U+2069 "
                                        "(left to right in a right-to-left sentence)")
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
