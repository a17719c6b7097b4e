"""Drives the real Anki (the `anki` package from PyPI, the Rust core of Anki desktop) for
quizkit's interop tests: imports .apkg files into a collection, then prints what Anki holds.

    python anki_import.py COLLECTION [--import APKG]... [--state] [--render] [--check] [--media]

Prints one JSON object: `imports` (per package: the note ids Anki reports as new, updated,
duplicate, conflicting, ...), `state` (note types, decks, notes, cards), `rendered` (each
card's question and answer HTML), `problems` (what Check Database found; [] when clean), `media` (the files in the collection's
media folder: name, size, SHA-256) and `media_check` (what Check Media finds missing or unused).
"""

import argparse
import hashlib
import json
import os
import sys

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest


def import_package(col, path):
    request = ImportAnkiPackageRequest(package_path=path, options=ImportAnkiPackageOptions())
    log = col.import_anki_package(request).log
    return {
        kind: sorted(note.id.nid for note in getattr(log, kind))
        for kind in (
            "new",
            "updated",
            "duplicate",
            "conflicting",
            "first_field_match",
            "missing_notetype",
            "missing_deck",
            "empty_first_field",
        )
    }


def state(col):
    notetypes = []
    for nt in col.models.all():
        notetypes.append(
            {
                "id": nt["id"],
                "name": nt["name"],
                "mod": nt["mod"],
                "fields": [f["name"] for f in nt["flds"]],
                "field_ids": [f.get("id") for f in nt["flds"]],
                "templates": [t["name"] for t in nt["tmpls"]],
                "template_ids": [t.get("id") for t in nt["tmpls"]],
                "sortf": nt["sortf"],
                "css": nt["css"],
            }
        )
    decks = sorted(d.name for d in col.decks.all_names_and_ids())
    notes = []
    for nid in col.find_notes(""):
        note = col.get_note(nid)
        notes.append(
            {
                "id": nid,
                "guid": note.guid,
                "mod": note.mod,
                "notetype": note.note_type()["name"],
                "fields": dict(note.items()),
                "tags": sorted(note.tags),
            }
        )
    cards = []
    for cid in col.find_cards(""):
        card = col.get_card(cid)
        cards.append(
            {
                "id": cid,
                "nid": card.nid,
                "ord": card.ord,
                "deck": col.decks.name(card.did),
                "type": int(card.type),
                "queue": int(card.queue),
                "due": card.due,
            }
        )
    return {"notetypes": notetypes, "decks": decks, "notes": notes, "cards": cards}


def rendered(col):
    out = []
    for cid in col.find_cards(""):
        card = col.get_card(cid)
        out.append(
            {
                "nid": card.nid,
                "guid": card.note().guid,
                "question": card.question(),
                "answer": card.answer(),
            }
        )
    return out


def media(col):
    folder = col.media.dir()
    out = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                data = f.read()
            out.append({"name": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    return out


def media_check(col):
    check = col.media.check()
    return {"missing": sorted(check.missing), "unused": sorted(check.unused)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("collection")
    parser.add_argument("--import", dest="imports", action="append", default=[])
    parser.add_argument("--state", action="store_true")
    parser.add_argument("--render", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--media", action="store_true")
    args = parser.parse_args()

    col = Collection(args.collection)
    try:
        result = {"imports": [import_package(col, path) for path in args.imports]}
        if args.state:
            result["state"] = state(col)
        if args.render:
            result["rendered"] = rendered(col)
        if args.media:
            result["media"] = media(col)
            result["media_check"] = media_check(col)
        if args.check:
            problems, ok = col.fix_integrity()
            # fix_integrity always appends "Database rebuilt and optimized."; the rest are problems.
            result["problems"] = [] if ok else problems
    finally:
        col.close()
    json.dump(result, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
