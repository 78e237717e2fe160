"""Labels of the command line in Chinese (first) and English (``--lang en``).

Every string a person reads goes through :func:`tr`, so adding a label is adding one row
here. Game terms keep their 汉字 in both languages (占牌, 掀, 够牌 …): the English column
explains them instead of translating them away.
"""

from __future__ import annotations

from typing import Literal

from huapai.core.present import Msg

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")

_LABELS: dict[str, tuple[str, str]] = {
    # seats and general
    "you": ("你", "you"),
    "seat": ("座位{n}", "seat {n}"),
    "error": ("错误", "error"),
    "internal_error": ("内部错误（请报告）", "internal error (please report it)"),
    "yes": ("是", "yes"),
    "no": ("否", "no"),
    # play
    # {deals}: deals_n, or deals_open (its 局 inside the bracket: （最多 200） 局 read wrong)
    "match_start": ("{title} · {deals} · 种子 {seed} · 你坐座位{seat}",
                    "{title} · deals: {deals} · seed {seed} · you sit at seat {seat}"),
    "opponents": ("对手：{bots}", "opponents: {bots}"),
    "deals_n": ("{n} 局", "{n}"),
    "deals_open": ("打到这一场结束（最多 {total} 局）",
                   "until the match ends itself (at most {total})"),
    "deal_header_open": ("第 {n} 局（打到这一场结束，最多 {total} 局）",
                         "deal {n} (until the match ends itself, at most {total})"),
    "next_deal_open": ("按回车开始第 {n} 局（「明细」再看结算，「q」离开对局）> ",
                       "press Enter for deal {n} (settlement: see it again, q leaves)> "),
    "house_rules": ("本场规则：{rules}", "house rules: {rules}"),
    "deal_header": ("第 {n}/{total} 局", "deal {n} of {total}"),
    "deal_resumed": ("（接着打）", " (resumed)"),
    "claim_not_made": ("你的{claim}没有成：{who}在先",
                       "your {claim} was not made: {who} came first"),
    "recalled": ("这一局停下前的几步（「记录」看全部）：",
                 "the deal's last moves before it stopped (log: all of them):"),
    "replay_totals": ("总分（打完的 {n} 局）：{totals}",
                      "match totals ({n} deals finished): {totals}"),
    "replay_totals_by": ("各家合计（打完的 {n} 局，座次局局不同，按人算）：{totals}",
                         "totals by player ({n} deals finished, seated differently from "
                         "deal to deal): {totals}"),
    "resume_hint": ("接着打这一场：huapai play --resume {path}",
                    "to go on with this match: huapai play --resume {path} --lang en"),
    "resumed": ("接着打中断的这一场：已打完 {done} 局，总分：{totals}",
                "resuming the match where it stopped: deals finished: {done}; totals: {totals}"),
    "your_turn": ("轮到你了", "your turn"),
    "legal": ("可选（输入编号或牌）", "legal actions (type a number or the cards)"),
    "prompt": ("你的选择（「?」看帮助，「q」或「退出」离开对局）> ",
               "your choice (? help, q quit)> "),
    "quit_confirm": ("真的退出吗？再输入「q」（或「退出」「是」）确认，输入别的继续打> ",
                     "really quit? type q (or y) to quit, anything else to play on> "),
    "quit_cancelled": ("不退出，接着打。", "not quitting: play on."),
    "next_deal": ("按回车开始第 {n}/{total} 局（「明细」再看结算，「q」离开对局）> ",
                  "press Enter for deal {n} of {total} (settlement: see it again, q leaves)> "),
    "chose": ("你选了：{text}", "you chose: {text}"),
    # a bare number or word that may mean several listed actions: every reading, and how
    # to say each one unambiguously (=x only where the notation x is taken)
    "ambiguous": ("「{raw}」有{ways}种读法：{readings}。{hows}",
                  "{raw!r} reads {ways} ways: {readings}. Type {hows}"),
    "amb_choice": ("列表第 {n} 项（{item}）", "choice {n} of the list ({item})"),
    "amb_listed": ("列表里的「{label}」（第 {j} 项）", "the listed {label!r} (choice {j})"),
    "amb_card": ("你手里写作「{raw}」的牌（现在不能这样出）",
                 "your cards written {raw!r} (not allowed now)"),
    "amb_card_missing": ("写作「{raw}」的牌（你手里没有）",
                         "the cards written {raw!r} (you hold none)"),
    "amb_or": ("，或者", ", or "),
    "amb_how_choice": ("要第 {n} 项请输入 #{n}", "#{n} for choice {n}"),
    "amb_how_listed": ("要「{label}」请输入 #{j}{also}", "#{j}{also} for {label!r}"),
    "amb_or_written": (" 或 ={raw}", " (or ={raw})"),
    "ways_2": ("两", "two"),
    "ways_3": ("三", "three"),
    "ways_4": ("四", "four"),
    "ways_many": ("几", "several"),
    "no_choice": ("# 后面要写 1–{last} 的编号，如 #1", "after # type a number 1–{last}, as #1"),
    "bad_choice": ("没有第「{text}」项：# 后面写 1–{last} 的编号",
                   "no choice {text!r}: after # type a number 1–{last}"),
    "bad_number": ("没有编号 {n}（可选 1–{last}），当作牌也看不懂：{reason}",
                   "there is no number {n} (choose 1–{last}), and as cards: {reason}"),
    "no_number": ("没有编号 {n}（可选 1–{last}）", "there is no number {n} (choose 1–{last})"),
    "bad_notation": ("看不懂「{text}」：{reason}", "cannot read {text!r}: {reason}"),
    # a listed action written inside a word that is none (掀掀): named, not only the card
    # error its first character made
    "did_you_mean": ("。是要{labels}吗？", ". Did you mean {labels}?"),
    "mean_or": ("或", " or "),
    "illegal": ("不能这样出：{reason}", "not allowed: {reason}"),
    "forced": ("只有一种走法，已替你选：{text}", "only one legal move, chosen for you: {text}"),
    "thinking": ("{who} 思考中……", "{who} thinking…"),
    "typed_ahead": ("（别家思考时按的键已丢掉：看清了再输入）",
                    "(keys typed while others were thinking were dropped: look, then type)"),
    "too_long": ("这一行有 {n} 个字，太长了：一次写一个动作（最多 {most} 个字）",
                 "that line is {n} characters long: type one action (at most {most})"),
    "lowercase_command": ("（命令要写小写：{word}）", " (commands are lowercase: {word})"),
    "empty_input": ("请输入一个编号、牌或命令（「?」看帮助）",
                    "type a number, cards or a command (? for help)"),
    "no_waits": ("这个游戏没有听牌", "no waits in this game"),
    "settlement": ("结算", "settlement"),
    "items": ("计分明细", "scoring"),
    "table_wide": ("全桌", "table"),
    "value": ("数值", "value"),
    "no_payments": ("本局无人收付", "nobody pays anybody this deal"),
    "payer": ("付", "payer"),
    "payee": ("收", "payee"),
    "amount": ("数", "amount"),
    "reason": ("项目", "item"),
    # one reason paid several times, folded into one line: "×2" read as "doubled"
    "times": ("{reason}（{n} 次）", "{reason} ({n} times)"),
    "delta": ("本局", "this deal"),
    "total": ("累计", "running total"),
    "bot": ("玩家", "player"),
    "match_over": ("对局结束。总分：{totals}", "match over. totals: {totals}"),
    "another_match": ("再来一场？按回车开始（「明细」再看结算，「q」或「不」退出）> ",
                      "another match? press Enter to start (settlement: see it again, q or n "
                      "to stop)> "),
    "another_unclear": ("「{text}」不是回答：按回车再来一场，输入「q」或「不」退出",
                        "{text!r} is no answer: press Enter for another match, q or n to stop"),
    "next_unclear": ("「{text}」不是回答：按回车开始下一局，「明细」再看结算，「q」离开对局",
                     "{text!r} is no answer: press Enter for the next deal, settlement to see "
                     "it again, q to leave"),
    "quit": ("你退出了对局。", "you left the match."),
    "eof": ("输入已结束（标准输入关闭），对局中止。",
            "no more input (stdin closed); match abandoned."),
    "interrupt": ("已中断（Ctrl-C），对局中止。", "interrupted (Ctrl-C); match abandoned."),
    "interrupt_again": ("按了 Ctrl-C：再按一次离开对局，或者接着输入。",
                        "Ctrl-C: press it again to leave the match, or type on."),
    "record_saved": ("记录已保存：{path}", "record saved: {path}"),
    "help_title": ("帮助", "help"),
    # the ? help: only the parts that apply to the game (cli_support.play_help)
    "help_pick": ("· 输入列表里的编号，或直接写牌/动作（见下）。",
                  "· Type a number from the list, or write the cards / action (see below)."),
    "help_plain_numbers": ("· 只写数字就是列表里的编号（没有写作数字的牌）。",
                           "· A bare number is a number from the list (no card is written "
                           "as a number)."),
    "help_choice": ("· #3 永远是列表第 3 项", "· #3 is always choice 3 of the list"),
    "help_equals": ("，=3 永远是写作「3」的牌（{cards}）", ", =3 always the cards written 3 "
                    "({cards})"),
    "help_bare": ("。只写 3 时：它若既是编号又可能是列表里的另一项（{what}），或是列表里有"
                  "出牌时你手里现在不能出的 3，不会替你猜，会告诉你每种读法该怎么写"
                  "（只能掀或不掀时，3 就是编号）；超出列表的数字当作{past}。",
                  ". A bare 3 that is a choice and may also mean another listed action "
                  "({what}), or, where the list plays cards, a 3 you hold that cannot be "
                  "played now, is not guessed: you are told how to type each reading (where "
                  "the list only asks 掀 or not, 3 is the choice); a number past the list is "
                  "read as {past}."),
    "help_what_cards": ("写作 3 的牌", "the cards 3"),
    "help_what_items": ("{items}这样写着 3 的一项", "an item showing 3 such as {items}"),
    "help_what_or": ("、", ", or "),
    "help_past_cards": ("牌（或列表里唯一写着它的那一项）",
                        "cards (or as the one item showing it)"),
    "help_past_items": ("列表里唯一写着它的那一项", "the one item showing it"),
    "help_any_cards": ("比如扑克的 2、3、10", "such as poker 2, 3, 10"),
    "help_any_items": ("「出 3」", "'play 3'"),
    "help_labels": ("· 也可以照抄列表里的文字（不分大小写），或者只写括号外、括号里的部分。",
                    "· You may also type a listed label as shown (any case), or its part "
                    "outside or inside the brackets ('pass' or '过' for 'pass (过)')."),
    "help_waits": ("· 「听」：查听牌（听哪些牌、各值多少、还剩几张没见）。",
                   "· waits (or 听): your waits — the cards that win, what each is worth, how "
                   "many are unseen."),
    "help_commands": ("· 「?」或「帮助」：本帮助；「提示」：托管会怎么打；「牌桌」：重新显示牌桌；"
                      "「记录」：再看这一局最近的牌局记录；「明细」：一局打完后再看它的结算；"
                      "「q」或「退出」：退出对局（会先问你一次；记录里连没打完的这一局也保存）。",
                      "· ? or help: this help; hint (or 提示): what 托管 (the auto-player) "
                      "would play; show: draw the table again; log: this deal's latest moves "
                      "again; settlement: a finished deal's settlement again; q: quit (asks "
                      "you to confirm; "
                      "the record, the unfinished deal too, is kept in --record)."),
    "end_help": ("「明细」：再看这一局的计分和结算；「牌桌」：这一局最后的牌桌；"
                 "「记录」：这一局的牌局记录；回车：接着打；「q」：离开。",
                 "settlement: this deal's breakdown and payments again; show: its final table; "
                 "log: its moves; Enter: go on; q: leave."),
    "log_title": ("这一局最近的牌局记录（共 {n} 行，最后 {k} 行）：",
                  "this deal's latest moves ({k} of {n} lines):"),
    "log_title_all": ("这一局的牌局记录：", "this deal's moves:"),
    "log_empty": ("这一局还没有记录。", "nothing has happened in this deal yet."),
    "not_over": ("这一局还没打完：结算在局末（「牌桌」看现在的牌桌）。",
                 "the deal is not over: its settlement comes at the end (show: the table now)."),
    "hint_practice": ("报数练习：提示不替你报——数一数这组牌是几个钱（看是碰、哨还是四张，"
                      "大字还是小字，是不是将）",
                      "报数 practice: the hint will not say it — count this group's 钱 (碰, "
                      "哨 or four alike; big or small cards; the 将 or not)"),
    "hint_line": ("提示：输入 {n}，即「{text}」（托管会这样打）",
                  "hint: type {n}: {text} (what 托管, the auto-player, would play)"),
    # simulate
    "sim_title": ("模拟 {deals} 局 · {title} · 种子 {seed}",
                  "deals simulated: {deals} · {title} · seed {seed}"),
    "mean_score": ("平均得分（95% 置信区间）", "mean score (95% CI)"),
    "mean_decisions": ("每局平均决策数：{value:.1f}", "mean decisions per deal: {value:.1f}"),
    "progress": ("模拟中", "simulating"),
    # replay
    "replay_deal": ("第 {n} 局 · {game} · {dealer_word} {dealer} · 种子 {seed}",
                    "deal {n} · {game} · {dealer_word} {dealer} · seed {seed}"),
    "first_player": ("头家", "first player"),
    "replay_hands": ("起手牌", "hands dealt"),
    # simulate and the environment write it too, not only huapai play (a researcher's
    # play-test)
    "replay_match_seed": ("对局种子 {seed}（每局的种子由它推出；用 --seed {seed} 再发同样的牌）",
                          "match seed {seed} (each deal's seed follows from it; --seed {seed} "
                          "deals the same cards again)"),
    "replay_ok": ("记录有效：{deals} 局，{actions} 个动作全部合法。",
                  "record is valid: {deals_en}, {actions_en}, every one legal."),
    "replay_unfinished": ("（记录在局中结束）", "(the record stops mid-deal)"),
    "replay_bad": ("第 {deal} 局的动作 #{index}（从 0 数，文件第 {line} 行，{seat}：{text}）"
                   "无效：{reason}",
                   "deal {deal}, action index {index} (file line {line}, {seat}: {text}) is "
                   "invalid: {reason}"),
    "replay_bad_header": ("记录第 {deal} 局的开局行无效：{reason}",
                          "the header of deal {deal} is invalid: {reason}"),
    "replay_bad_end": ("记录第 {deal} 局的结束行不符：{reason}",
                       "the end line of deal {deal} does not match: {reason}"),
    "record_bad_line": ("记录文件无效（第 {line} 行）：{reason}",
                        "the record is malformed (line {line}): {reason}"),
    "record_bad_file": ("记录文件无效：{reason}", "the record is malformed: {reason}"),
    # rules
    "rules_title": ("{title} · 规则选项", "{title} · rule options"),
    "opt_name": ("选项", "option"),
    "opt_value": ("值", "value"),
    "opt_default": ("默认", "default"),
    "opt_zh": ("中文", "中文"),
    "opt_doc": ("含义", "meaning"),
    "opt_source": ("出处", "source"),
    "presets": ("预设", "presets"),
    "preset_diff": ("与默认不同：{diff}", "differs from the defaults in: {diff}"),
    "preset_same": ("全部为默认值", "all defaults"),
    "rules_in_english": ("没写含义的选项只有英文说明：加上 --lang en 再看一遍",
                         "each option's meaning and source are shown above"),
    # calculators
    "no_calculator": ("{game} 还没有 {command} 计算器；已有：{known}",
                      "no {command} calculator for {game} yet; available: {known}"),
    "calc_no_game": ("没有叫「{game}」的游戏；有 {command} 计算器的：{known}",
                     "there is no game called {game!r}; {command} calculators: {known}"),
    "calc_unknown_flag": ("{cmd} 不认识 {flag}；可用：{known}",
                          "{cmd} has no option {flag}; known: {known}"),
    "calc_flag_value": ("{flag} 后面缺少值", "{flag} needs a value"),
    "not_a_number": ("{flag} 要写整数，不是「{value}」",
                     "{flag} takes a whole number, not {value!r}"),
    "too_small": ("{flag} 至少是 {low}，不是 {value}", "{flag} takes {low} or more, not {value}"),
    "too_big": ("{flag} 至多是 {high}，不是 {value}", "{flag} takes {high} or less, not {value}"),
    "out_of_range": ("{flag} 要在 {low} 到 {high} 之间，不是 {value}",
                     "{flag} takes {low} to {high}, not {value}"),
    "missing_argument": ("{cmd} 缺少{what}：写法见 {cmd} --help",
                         "{cmd} needs its {what}: see {cmd} --help"),
    "missing_option": ("{cmd} 缺少选项 {flag}：写法见 {cmd} --help",
                       "{cmd} needs the option {flag}: see {cmd} --help"),
    "extra_words": ("{cmd} 多写了 {words}：写法见 {cmd} --help",
                    "{cmd} takes no more words, got: {words} (see {cmd} --help)"),
    "arg_game": ("游戏", "game"),
    "arg_file": ("记录文件", "record file"),
    "arg_record": ("记录文件", "record file"),
    "no_command": ("{prog} 没有「{word}」这个命令；可用：{known}",
                   "{prog} has no command {word!r}; commands: {known}"),
    "calc_flag_twice": ("{flag} 只能给一次", "{flag} may be given only once"),
}


def tr(key: str, lang: Lang, **values: object) -> str:
    """The label ``key`` in ``lang``, with ``values`` filled in."""
    zh, en = _LABELS[key]
    text = zh if lang == "zh" else en
    return text.format(**values) if values else text


def tr_or(key: str, lang: Lang, default: str) -> str:
    """The label ``key`` in ``lang``, or ``default`` when there is no such label."""
    return tr(key, lang) if key in _LABELS else default


def tr_both(key: str, **values: object) -> Msg:
    """The label ``key`` in both languages, as a message (an error is made before the
    language it is printed in is chosen)."""
    zh, en = _LABELS[key]
    return Msg(key, zh.format(**values), en.format(**values), values)


def seat_name(seat: int, lang: Lang, me: int | None = None) -> str:
    """How a seat is called: 你 / you for the human, 座位N / seat N for the others."""
    if me is not None and seat == me:
        return tr("you", lang)
    return tr("seat", lang, n=seat)


_BOT_NAMES = {"heuristic": ("经验型", "heuristic"), "random": ("随机", "random"),
              "search": ("搜索", "search")}
_LEVEL_NAMES = {"入门": "beginner", "普通": "normal", "高手": "expert", "大师": "master"}


def bot_label(spec: str, lang: Lang) -> str:
    """A bot spec as a player reads it (as the browser's ``botLabel``): ``搜索 · 高手``,
    ``经验型`` / ``search · expert``; a bot this list does not know keeps its name."""
    name, _, level = spec.partition(":")
    names = _BOT_NAMES.get(name)
    base = name if names is None else names[0 if lang == "zh" else 1]
    if not level:
        return base
    level, _, extra = level.partition(":")  # search:普通:uniform: the worlds as typed
    return f"{base} · {level_label(level, lang)}" + (bracketed(extra, lang) if extra else "")


def level_label(level: str, lang: Lang) -> str:
    """A search level (its 中文 name) as a player reads it: ``高手`` / ``expert``."""
    return level if lang == "zh" else _LEVEL_NAMES.get(level, level)


def colon(lang: Lang) -> str:
    """The colon after a label: ``：`` in Chinese, ``: `` in English."""
    return "：" if lang == "zh" else ": "


def comma(lang: Lang) -> str:
    """The comma between list items: ``，`` in Chinese, ``, `` in English."""
    return "，" if lang == "zh" else ", "


def bracketed(text: str, lang: Lang) -> str:
    """``text`` as an aside after a word: ``（text）`` in Chinese, `` (text)`` in English."""
    return f"（{text}）" if lang == "zh" else f" ({text})"


def check_lang(value: str) -> Lang:
    """``value`` as a language, or a ValueError naming the choices."""
    if value == "zh":
        return "zh"
    if value == "en":
        return "en"
    raise ValueError(f"unknown language {value!r}: choose zh or en")
