#!/usr/bin/env python3
"""Compares what `quizkit import` makes of the held-out import corpus
(crates/quizkit-import/tests/corpus-2) with each file's `.expected.toml` answer sheet, and
prints the differences and the totals that BENCHMARKS.md records.

Run from the repository root after `cargo build --release -p quizkit`:
    python3 scripts/import-corpus-2.py
Texts are compared as plain text (Markdown and HTML markers dropped, entities decoded,
white space collapsed); an option counts as correct when its sheet fraction is above 0.
"""
import glob, html, json, os, re, shutil, subprocess, tomllib

Q = os.path.abspath('target/release/quizkit')
CORPUS = 'crates/quizkit-import/tests/corpus-2'
WORK = os.path.abspath('target/import-corpus-2')
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
def plain(md):
    if md is None: return ''
    s=html.unescape(re.sub(r'<[^>]+>','',md))
    s=re.sub(r'!\[[^\]]*\]\([^)]*\)','',s)
    s=re.sub(r'\[([^\]]*)\]\([^)]*\)',r'\1',s)
    s=re.sub(r'\\([\\`*_{}\[\]()#+\-.!~=:|<>$])',r'\1',s)
    s=s.replace('**','').replace('`','')
    s=re.sub(r'(?<!\w)[*_](.+?)[*_](?!\w)',r'\1',s)
    s=s.replace('$','')
    return re.sub(r'\s+',' ',s).strip()
def texts(loc):
    if loc is None: return {}
    return {k:plain(v['html'] if 'html' in v else v['markdown']) for k,v in loc.items()}
def one(d,lang=None):
    if not d: return ''
    if lang and lang in d: return d[lang]
    return next(iter(d.values()))
tot=ok=0; skipped_ok=skipped=0
for exp in sorted(glob.glob(CORPUS + '/*/*.expected.toml')):
    e=tomllib.load(open(exp,'rb'))
    src=exp[:-len('.expected.toml')]
    out=f'{WORK}/bank-{os.path.basename(src)}'
    j=f'{WORK}/{os.path.basename(src)}.json'
    subprocess.run([Q,'import',src,'-o',out],capture_output=True)
    subprocess.run([Q,'export',out,'--to','json','-o',j],capture_output=True)
    if not os.path.exists(j):
        print('##',os.path.basename(src),'no bank', 'refused' if e.get('refused') else ''); continue
    d=json.load(open(j))
    got=[q for c in d['categories'] for t in c['topics'] for q in t['questions']]
    def sval(x,lang):
        if isinstance(x,dict): return {k:plain(v) for k,v in x.items()}
        return {lang or '*':plain(x)}
    bystem={}
    for q in got:
        for l,t in texts(q['stem']).items(): bystem.setdefault(t,q)
    print('##',os.path.basename(src),'expected imported',sum(1 for q in e['question'] if q['imported']),'got',len(got), 'refused' if e.get('refused') else '')
    for q in e['question']:
        stems=sval(q.get('stem',''),q.get('lang'))
        if not q['imported']:
            skipped+=1
            if not any(s in bystem for s in stems.values()): skipped_ok+=1
            else: print('  NOT SKIPPED',q['name'],q['type'])
            continue
        tot+=1
        g=None
        for s in stems.values():
            g=bystem.get(s) or g
        if g is None:
            print('  MISSING',q['name'],'|',list(stems.values())[0][:80]); continue
        probs=[]
        eo=q.get('option',[])
        if len(eo)!=len(g['options']): probs.append(f'options {len(eo)} vs {len(g["options"])}')
        for i,(a,b) in enumerate(zip(eo,g['options'])):
            at=sval(a['text'],q.get('lang')); bt=texts(b['text'])
            if q['type']!='truefalse' and sorted(set(at.values()))!=sorted(set(bt.values())) : probs.append(f'opt{i} text {at} vs {bt}')
            if (a['fraction']>0)!=b['correct']: probs.append(f'opt{i} correct {a["fraction"]} vs {b["correct"]}')
            af=sval(a.get('feedback',''),q.get('lang')); bf=texts(b.get('feedback'))
            if set(v for v in af.values() if v)!=set(v for v in bf.values() if v): probs.append(f'opt{i} fb {af} vs {bf}')
        gf=sval(q.get('general_feedback',''),q.get('lang')); bg=texts(g.get('explanation'))
        if set(v for v in gf.values() if v)!=set(v for v in bg.values() if v): probs.append(f'general {gf} vs {bg}')
        if probs: print('  DIFF',q['name'],probs[:4])
        else: ok+=1
print('imported right',ok,'of',tot,'; skipped right',skipped_ok,'of',skipped)
