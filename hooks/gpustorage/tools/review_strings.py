"""The words of the data review (`python -m gpustorage diff --lang LANG`), one table per language.

The review is a comment on pull requests, which maintainers read in English, so English is its
default; the site's languages are here too, for a contributor who asks. These are not site strings:
English is no site language (data/i18n holds only those, and the build refuses any other file
there), and no page shows them. Placeholders are written `{name}`; a mapping holds the plural forms
(CLDR categories, 'other' always). Every language has every key (tests/tools/test_review.py checks).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

Message = str | Mapping[str, str]

_EN: Mapping[str, Message] = {
    "title": "Data review",
    "revisions": "Changes from {base} (base) to {head} (head).",
    "section.providers": "Providers",
    "section.offerings": "Offerings",
    "section.values": "Changed values",
    "section.unquoted": "Values without a quote",
    "unquoted": (
        "Each value added or changed needs the words of its source that state it, under that source's "
        "`quote:` (see CONTRIBUTING.md):"
    ),
    "section.sources": "Sources",
    "section.rates": "Exchange rates",
    "section.validation": "Validation",
    "nothing_changed": "No data values changed.",
    "added": "Added: {what}",
    "removed": "Removed: {what}",
    "renamed": "Renamed: {old} → {new}",
    "rank.new": "price rank {rank} (1 = cheapest)",
    "rank.changed": "price rank {old} → {new} (1 = cheapest)",
    "rank.of": "{rank} of {total}",
    "rank.none": "unranked",
    "normalized": "normalized {old} → {new} {unit}",
    "normalized.delta": "normalized {old} → {new} {unit} ({delta})",
    "normalized.none": "none",
    "unit.price": "USD per GB-month",
    "unit.egress": "USD per GB out",
    "source.added": "added {url} (seen {date})",
    "source.removed": "removed {url}",
    "source.seen": "{url} seen {old} → {new}",
    "rate": "{currency}: {old} → {new} USD ({date})",
    "problems": {
        "one": "{count} problem at head; the site will not build until fixed:",
        "other": "{count} problems at head; the site will not build until fixed:",
    },
    "shortened": {
        "one": "Shortened to fit in a GitHub comment: {count} more entry is not shown."
        " {command} prints the whole report.",
        "other": "Shortened to fit in a GitHub comment: {count} more entries are not shown."
        " {command} prints the whole report.",
    },
    "valid": "No problems: the data at head is valid.",
}

_DE: Mapping[str, Message] = {
    "title": "Datenprüfung",
    "revisions": "Änderungen von {base} (Basis) bis {head} (Kopf).",
    "section.providers": "Anbieter",
    "section.offerings": "Angebote",
    "section.values": "Geänderte Werte",
    "section.unquoted": "Werte ohne Zitat",
    "unquoted": (
        "Jeder hinzugefügte oder geänderte Wert braucht die Worte seiner Quelle, die ihn nennen, unter "
        "`quote:` dieser Quelle (siehe CONTRIBUTING.md):"
    ),
    "section.sources": "Quellen",
    "section.rates": "Wechselkurse",
    "section.validation": "Prüfung",
    "nothing_changed": "Keine Datenwerte geändert.",
    "added": "Hinzugefügt: {what}",
    "removed": "Entfernt: {what}",
    "renamed": "Umbenannt: {old} → {new}",
    "rank.new": "Preisrang {rank} (1 = am günstigsten)",
    "rank.changed": "Preisrang {old} → {new} (1 = am günstigsten)",
    "rank.of": "{rank} von {total}",
    "rank.none": "ohne Rang",
    "normalized": "normiert {old} → {new} {unit}",
    "normalized.delta": "normiert {old} → {new} {unit} ({delta})",
    "normalized.none": "keiner",
    "unit.price": "USD pro GB und Monat",
    "unit.egress": "USD pro GB ausgehend",
    "source.added": "hinzugefügt {url} (gesehen {date})",
    "source.removed": "entfernt {url}",
    "source.seen": "{url} gesehen {old} → {new}",
    "rate": "{currency}: {old} → {new} USD ({date})",
    "problems": {
        "one": "{count} Problem im Kopf; die Website wird erst gebaut, wenn es behoben ist:",
        "other": "{count} Probleme im Kopf; die Website wird erst gebaut, wenn sie behoben sind:",
    },
    "shortened": {
        "one": "Gekürzt, damit der Bericht in einen GitHub-Kommentar passt:"
        " {count} weiterer Eintrag wird nicht gezeigt."
        " {command} gibt ihn ganz aus.",
        "other": "Gekürzt, damit der Bericht in einen GitHub-Kommentar passt:"
        " {count} weitere Einträge werden nicht gezeigt."
        " {command} gibt ihn ganz aus.",
    },
    "valid": "Keine Probleme: Die Daten im Kopf sind gültig.",
}

_ZH: Mapping[str, Message] = {
    "title": "数据审阅",
    "revisions": "从 {base}（基准）到 {head}（最新）的变更。",
    "section.providers": "提供商",
    "section.offerings": "产品",
    "section.values": "变更的值",
    "section.unquoted": "没有引文的值",
    "unquoted": (
        "每个新增或变更的值都需要在其来源的 `quote:` 下写明来源中陈述该值的原文（见 CONTRIBUTING.md）："
    ),
    "section.sources": "来源",
    "section.rates": "汇率",
    "section.validation": "校验",
    "nothing_changed": "没有数据值变更。",
    "added": "新增：{what}",
    "removed": "移除：{what}",
    "renamed": "重命名：{old} → {new}",
    "rank.new": "价格排名 {rank}（1 = 最便宜）",
    "rank.changed": "价格排名 {old} → {new}（1 = 最便宜）",
    "rank.of": "{total} 个中第 {rank}",
    "rank.none": "无排名",
    "normalized": "折算 {old} → {new} {unit}",
    "normalized.delta": "折算 {old} → {new} {unit}（{delta}）",
    "normalized.none": "无",
    "unit.price": "美元/GB/月",
    "unit.egress": "美元/GB 出站",
    "source.added": "新增 {url}（查阅于 {date}）",
    "source.removed": "移除 {url}",
    "source.seen": "{url} 查阅日期 {old} → {new}",
    "rate": "{currency}：{old} → {new} 美元（{date}）",
    "problems": {"other": "最新版本有 {count} 个问题；修复之前网站无法构建："},
    "shortened": {
        "other": "已缩短以放入一条 GitHub 评论：另有 {count} 项未显示。运行 {command} 可输出完整报告。"
    },
    "valid": "没有问题：最新版本的数据有效。",
}

_RO: Mapping[str, Message] = {
    "title": "Verificarea datelor",
    "revisions": "Modificări de la {base} (bază) la {head} (vârf).",
    "section.providers": "Furnizori",
    "section.offerings": "Oferte",
    "section.values": "Valori modificate",
    "section.unquoted": "Valori fără citat",
    "unquoted": (
        "Fiecare valoare adăugată sau modificată are nevoie de cuvintele sursei sale care o afirmă, sub "
        "`quote:` al acelei surse (vezi CONTRIBUTING.md):"
    ),
    "section.sources": "Surse",
    "section.rates": "Cursuri de schimb",
    "section.validation": "Validare",
    "nothing_changed": "Nicio valoare din date nu s-a modificat.",
    "added": "Adăugat: {what}",
    "removed": "Eliminat: {what}",
    "renamed": "Redenumit: {old} → {new}",
    "rank.new": "locul la preț {rank} (1 = cel mai ieftin)",
    "rank.changed": "locul la preț {old} → {new} (1 = cel mai ieftin)",
    "rank.of": "{rank} din {total}",
    "rank.none": "fără loc",
    "normalized": "normalizat {old} → {new} {unit}",
    "normalized.delta": "normalizat {old} → {new} {unit} ({delta})",
    "normalized.none": "niciunul",
    "unit.price": "USD pe GB-lună",
    "unit.egress": "USD pe GB ieșit",
    "source.added": "adăugată {url} (văzută {date})",
    "source.removed": "eliminată {url}",
    "source.seen": "{url} văzută {old} → {new}",
    "rate": "{currency}: {old} → {new} USD ({date})",
    "problems": {
        "one": "{count} problemă la vârf; site-ul nu se construiește până nu este rezolvată:",
        "few": "{count} probleme la vârf; site-ul nu se construiește până nu sunt rezolvate:",
        "other": "{count} de probleme la vârf; site-ul nu se construiește până nu sunt rezolvate:",
    },
    "shortened": {
        "one": "Scurtat ca să încapă într-un comentariu GitHub: încă {count} intrare nu este afișată."
        " {command} afișează tot raportul.",
        "few": "Scurtat ca să încapă într-un comentariu GitHub: încă {count} intrări nu sunt afișate."
        " {command} afișează tot raportul.",
        "other": "Scurtat ca să încapă într-un comentariu GitHub: încă {count} de intrări nu sunt afișate."
        " {command} afișează tot raportul.",
    },
    "valid": "Nicio problemă: datele de la vârf sunt valide.",
}

DEFAULT_LANGUAGE = "en"
MESSAGES: Mapping[str, Mapping[str, Message]] = MappingProxyType({"en": _EN, "de": _DE, "zh": _ZH, "ro": _RO})
