#!/usr/bin/env python3
"""Copies a generated bank and breaks it in every way the lint rules know, deterministically.

usage: mutate.py SRC DST
"""
import os
import re
import shutil
import sys

src, dst = sys.argv[1], sys.argv[2]
if os.path.exists(dst):
    shutil.rmtree(dst)
shutil.copytree(src, dst)

LETTERS = "ABCDEFGH"


def replace_value(line, new):
    key = line.split("=", 1)[0]
    return f'{key}= "{new}"'


def append_in_string(line, extra):
    # a basic one-line string value: put `extra` before the closing quote
    if line.rstrip().endswith('"') and not line.rstrip().endswith('"""'):
        s = line.rstrip()
        return s[:-1] + extra + '"'
    return line


def mutate_question(block, k, file_mode):
    lines = block.split("\n")
    # find the option blocks
    head_end = next((i for i, l in enumerate(lines) if l == "[[question.options]]"), len(lines))
    head, rest = lines[:head_end], lines[head_end:]
    opts = []
    cur = None
    for l in rest:
        if l == "[[question.options]]":
            cur = [l]
            opts.append(cur)
        elif cur is not None:
            cur.append(l)
    answer = None
    for l in head:
        m = re.match(r'answer = "([A-Z])"', l)
        if m:
            answer = LETTERS.index(m.group(1)) if m.group(1) in LETTERS else None

    def opt_set(o, lang, text):
        for i, l in enumerate(o):
            if l.startswith(f"{lang} = ") or l.startswith(f"text.{lang} = "):
                o[i] = replace_value(l, text)

    def opt_get(o, lang):
        for l in o:
            if l.startswith(f"{lang} = ") or l.startswith(f"text.{lang} = "):
                return l.split("=", 1)[1].strip().strip('"')
        return ""

    def head_set(prefix, fn):
        for i, l in enumerate(head):
            if l.startswith(prefix):
                head[i] = fn(l)

    m = k % 29
    if m == 0 and len(opts) >= 2:
        for lang in ("nl", "en"):
            opt_set(opts[1], lang, opt_get(opts[0], lang))
    elif m == 1:
        head_set("answer = ", lambda l: 'answer = "H"')
    elif m == 2:
        head[:] = [l for l in head if not l.startswith("answer = ")]
    elif m == 3 and opts:
        opt_set(opts[-1], "nl", "Geen van de bovenstaande")
        opt_set(opts[-1], "en", "None of the above")
    elif m == 4 and opts:
        opt_set(opts[-1], "nl", "Alle bovenstaande")
        opt_set(opts[-1], "en", "All of the above")
    elif m == 5:
        for i, o in enumerate(opts):
            if i != answer:
                opt_set(o, "nl", "Altijd " + opt_get(o, "nl"))
                opt_set(o, "en", "Always " + opt_get(o, "en"))
    elif m == 6:
        head_set("stem.nl = ", lambda l: append_in_string(l, " Wat is niet juist?"))
        head_set("stem.en = ", lambda l: append_in_string(l, " Which is not correct?"))
    elif m == 7:
        head[:] = [l for l in head if not l.startswith("stem.en = ")]
    elif m == 8:
        head_set("checks = ", lambda l: re.sub(r"= (\d+)", lambda x: "= " + str(int(x.group(1)) * 3 + 1), l))
    elif m == 9:
        head_set("stem.en = ", lambda l: re.sub(r"\d", lambda x: str((int(x.group(0)) + 3) % 10), l, count=1))
        if opts:
            opt_set(opts[0], "en", opt_get(opts[0], "en") + " 42")
    elif m == 10 and len(opts) >= 2:
        opts[:] = opts[:2]
        if answer is not None and answer >= 2:
            head_set("answer = ", lambda l: 'answer = "B"')
        opt_set(opts[0], "nl", "Waar")
        opt_set(opts[0], "en", "True")
        opt_set(opts[1], "nl", "Onwaar")
        opt_set(opts[1], "en", "False")
    elif m == 11 and opts:
        opt_set(opts[-1], "nl", "Zowel A als B")
        opt_set(opts[-1], "en", "Both A and B")
    elif m == 12:
        wrong = LETTERS[((answer or 0) + 1) % max(len(opts), 1)]
        head_set("explanation.en = ", lambda l: f'explanation.en = "The answer is {wrong}, because it is."')
        head_set("explanation.nl = ", lambda l: f'explanation.nl = "Antwoord: {wrong}. Omdat het zo is."')
    elif m == 13 and answer is not None and answer < len(opts):
        for lang in ("nl", "en"):
            stem = next((l for l in head if l.startswith(f"stem.{lang} = ")), "")
            words = [w for w in re.findall(r"[A-Za-z]{6,}", stem)]
            if words:
                w = max(words, key=len)
                o = opts[answer]
                opt_set(o, lang, opt_get(o, lang) + " " + w)
    elif m == 14 and answer is not None and answer < len(opts):
        o = opts[answer]
        opt_set(o, "nl", opt_get(o, "nl") + " en dat geldt in vrijwel alle gevallen zonder enige uitzondering")
        opt_set(o, "en", opt_get(o, "en") + " and that holds in nearly all cases without any exception")
    elif m == 15:
        head[:] = [l for l in head if not l.startswith("explanation.")]
    elif m == 16:
        head.append('allow = [{ rule = "no-such-rule", reason = "x" }, { rule = "duplicate-options", reason = "y" }, { rule = "F001", reason = "z" }]')
    elif m == 17 and opts:
        opt_set(opts[-1], "nl", "")
    elif m == 18 and len(opts) > 2:
        opts[:] = opts[:2]
        if answer is not None and answer >= 2:
            head_set("answer = ", lambda l: 'answer = "A"')
    elif m == 19:
        head[:] = [l for l in head if not l.startswith("related = ")]
        head.append('related = ["no-such-question", "' + ("q" * 3) + '"]')
    elif m == 20:
        head_set("explanation.en = ", lambda l: 'explanation.en = "Two operations per parameter: 2 × 7 billion FLOP = 15 GB, and 4 + 4 = 9 bytes."')
        head_set("explanation.nl = ", lambda l: 'explanation.nl = "Twee bewerkingen per parameter: 2 × 7 miljard FLOP = 14 GB."')
    elif m == 21 and opts:
        opt_set(opts[-1], "nl", "A en B zijn juist")
        opt_set(opts[-1], "en", "Options A and B are correct")
    elif m == 22:
        head_set("answer = ", lambda l: 'answer = "A"')
    elif m == 23:
        if not any(l.startswith("checks = ") for l in head):
            head.append('checks = ["7e9 * (4 + 4 + 4 + 4) B = 112 GB", "14 GB / (2 TB/s) = 7 GB", "7e9 ** 16 B = 112 GB", "2 + 2 = 5"]')
            if len(opts) >= 2:
                opt_set(opts[0], "nl", "112 GB")
                opt_set(opts[0], "en", "112 GB")
                opt_set(opts[1], "nl", "56 GB")
                opt_set(opts[1], "en", "56 GB")
    elif m == 24 and len(opts) >= 3:
        opt_set(opts[0], "nl", "1,5 GB")
        opt_set(opts[0], "en", "1.5 GB")
        opt_set(opts[1], "nl", "1.500 MB")
        opt_set(opts[1], "en", "1,500 MB")
        opt_set(opts[2], "nl", "3,5 GB")
        opt_set(opts[2], "en", "35 GB")
    elif m == 25:
        head_set("stem.nl = ", lambda l: append_in_string(l, " Welke **niet**? Of `code` en $x$ en ’quotes’ en één naïve µs?"))
        head_set("stem.en = ", lambda l: append_in_string(l, " Which NOT? Or `code` and $x$ and ’quotes’ and naïve µs, GPU's?"))
    elif m == 26 and opts:
        opt_set(opts[0], "nl", "Geen van beide")
        opt_set(opts[0], "en", "Neither of the above")
    elif m == 27:
        head_set("stem.en = ", lambda l: append_in_string(l, " Which is NOT correct?"))
        head_set("stem.nl = ", lambda l: append_in_string(l, " Welke is GEEN goed antwoord?"))
    if file_mode == "run":
        head_set("answer = ", lambda l: 'answer = "A"')
    if file_mode == "long" and answer is not None and answer < len(opts):
        o = opts[answer]
        opt_set(o, "nl", opt_get(o, "nl") + " zodat het langer wordt")
        opt_set(o, "en", opt_get(o, "en") + " so that it gets longer")
    out = head + [l for o in opts for l in o]
    return "\n".join(out)


files = []
for root, dirs, names in os.walk(dst):
    dirs.sort()
    for n in sorted(names):
        if n.endswith(".toml") and n not in ("quizkit.toml", "category.toml", "topic.toml"):
            files.append(os.path.join(root, n))

k = 0
for fi, path in enumerate(files):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parts = text.split("\n[[question]]\n")
    new = [parts[0]]
    for block in parts[1:]:
        mode = "run" if fi % 50 == 3 else "long" if fi % 3 == 1 else None
        new.append(mutate_question(block, k, mode))
        k += 1
    text = "\n[[question]]\n".join(new)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    # copies: exact duplicates with the same ids (duplicate-id, duplicate-stem) and near
    # duplicates with new ids
    if fi % 37 == 0:
        with open(path[:-5] + "-kopie.toml", "w", encoding="utf-8") as f:
            f.write(text)
    elif fi % 37 == 5:
        t2 = re.sub(r'^id = "([^"]*)"', r'id = "\1-bijna"', text, flags=re.M)
        t2 = re.sub(r'^(stem\.(nl|en) = ".*?) (\S+)"$', r'\1 \3 ook"', t2, flags=re.M)
        with open(path[:-5] + "-bijna.toml", "w", encoding="utf-8") as f:
            f.write(t2)
    elif fi % 37 == 9:
        t2 = re.sub(r'^id = "([^"]*)"', r'id = "\1-anders"', text, flags=re.M)
        t2 = re.sub(r'^(stem\.en = ".*?)(\d)', lambda m: m.group(1) + str((int(m.group(2)) + 1) % 10), t2, flags=re.M)
        with open(path[:-5] + "-anders.toml", "w", encoding="utf-8") as f:
            f.write(t2)
print(f"{k} questions in {len(files)} files mutated")
