// Chinese first, English available: every user-facing string lives here as [中文, English].

const KEY = "huapai.lang";
const listeners = new Set();

const STR = {
  app_title: ["花牌", "huapai"],
  // beside the title in English only (in Chinese mode nothing a player sees is English: a
  // play-test found 花牌 huapai in the header, the tab and the logo's label)
  app_title_other: ["", "花牌"],
  doc_title: ["花牌", "huapai 花牌"],
  brand_label: ["花牌：大厅", "huapai (花牌): lobby"],
  app_sub: ["掀牛花花牌 · 双别杆 · 秀山字牌", "Chinese folk card games: 掀牛, 双别杆, 秀山 zipai"],
  lang_switch: ["English", "中文"],
  points_only: ["只计积分，不涉钱财", "points only, never money"],
  online: ["已连接", "connected"],
  offline: ["连接中断，正在重连…", "disconnected, reconnecting…"],
  // identity
  welcome_title: ["欢迎来到花牌桌", "Welcome to the huapai table"],
  welcome_text: ["起个昵称就能开桌，不用注册。", "Pick a nickname to play — no sign-up."],
  // an invite link's first visit: the dialog says where the link goes (it said only 开桌)
  welcome_join: ["朋友邀请你进房间（房间码 {code}）：起个昵称就进去，不用注册。",
                 "A friend invited you to a room (code {code}): pick a nickname and you are in — no sign-up."],
  nickname: ["昵称", "Nickname"],
  sign_in: ["起个昵称", "Pick a nickname"],
  reconnecting: ["连接断开了，正在重连…", "Connection lost — reconnecting…"],
  nickname_ph: ["比如：阿牛", "e.g. Aniu"],
  enter: ["进入", "Enter"],
  rename: ["改昵称", "Rename"],
  // this device stays logged in (the confirm said so; 全部登出 read as this phone too)
  logout_all: ["让其他设备退出", "Log out other devices"],
  logout_all_short: ["别处退出", "Log out others"],
  logout_all_confirm: ["换一个新令牌：其他浏览器和设备上的这个身份立即失效，本机保持登录。",
                       "Get a new token: this identity stops working in every other browser and device; this one stays logged in."],
  save: ["保存", "Save"],
  cancel: ["取消", "Cancel"],
  close: ["关闭", "Close"],
  // lobby
  lobby: ["大厅", "Lobby"],
  new_room: ["开新房间", "New room"],
  game: ["游戏", "Game"],
  preset: ["玩法", "Rules preset"],
  seats_free: ["空 {n} 位", "{n} free"],
  seats_n: ["{n} 人", "{n} seats"],
  rule_options: ["规则选项", "Rule options"],
  rule_changed: ["已改 {n} 项", "{n} changed"],
  reset_rules: ["恢复默认", "Reset"],
  option_help: ["「{name}」是什么意思", "What “{name}” means"],
  option_source: ["出处：", "Source: "],
  rule_on: ["开", "on"],
  rule_off: ["关", "off"],
  rule_builtin: ["内置", "built-in"],
  room_rules: ["本房规则", "This room's rules"],
  file_rows: ["{name} 里有什么", "What {name} holds"],
  howto_house: ["这里改了的规则（以此为准，下面的说明按玩法默认）", "Rules changed here (they stand over the guide below, which tells the preset's own)"],
  deal_rules: ["本局规则", "This deal's rules"],
  room_rules_preset: ["全部按「{preset}」玩法，没有改动", "The {preset} rules, unchanged"],
  room_rules_was: ["（玩法默认 {value}）", " (the preset: {value})"],
  rules_button: ["规则", "Rules"],
  deals: ["局数", "Deals"],
  deals_until_bo: ["局数（得一钵即止）", "Deals at most (until 得一钵)"],
  multiplier: ["倍数", "Multiplier (倍数)"],
  private_room: ["私人房间（凭房间码加入，回放不公开）", "Private (join by code; replays not public)"],
  turn_clock: ["出牌限时", "Turn clock"],
  no_clock: ["不限时", "untimed"],
  seconds: ["{n} 秒", "{n} s"],
  tuoguan_after: ["掉线托管", "托管 (auto-play) after a drop"],
  answer_pause: ["答话等待", "Answer pause"],
  row_pause: ["答话等 {n} 秒", "answers wait {n} s"],
  answer_pause_default: ["1 秒（默认）", "1 s (default)"],
  answer_pause_help: ["请统和别家打牌时，答话都等满这段时间才生效：这段时间里答，别人从快慢上看不出你能不能要；越长越稳，也越慢",
                      "At 请统 and on each discard, answers take effect after this pause: answer within it and the timing tells nobody whether you could claim. Longer hides more, and is slower"],
  answer_deadline: ["答话限时：等待一到还没答，就替你答「过」", "Answer deadline: not answered by the pause's end, you pass"],
  answer_deadline_help: ["开了，谁想得久别人也看不出来（不开时，想过了答话等待，大家看得出有人还在想）",
                         "On, nobody can tell who thought longer (off, a thought past the pause shows that somebody is still thinking)"],
  row_deadline: ["限时答话", "timed answers"],
  room_answer_deadline: ["答话限时：请统和别家打牌时，{n} 秒内没答就替你答「过」", "Answer deadline: at 请统 and on each discard, not answered within {n} s, you pass"],
  room_answer_pause: ["答话等待 {n} 秒：请统和别家打牌时，答话都等满才生效", "Answer pause {n} s: at 请统 and on each discard, answers take effect after it"],
  deals_bo_help: ["有人得一钵（算盘到 100 钱）才结钱：局数设少了，多半没人得钵，整场不结钱",
                  "Money is paid only when someone makes a 钵 (100 钱 on the abacus): with few deals most matches end with nobody paid"],
  bot_speed: ["机器人速度", "Bot speed"],
  speed_instant: ["即时", "instant"],
  speed_fast: ["快", "fast"],
  speed_normal: ["普通", "normal"],
  speed_slow: ["慢", "slow"],
  create: ["开桌", "Create"],
  join_code: ["凭房间码加入", "Join by code"],
  code_ph: ["六位房间码", "6-letter code"],
  join: ["加入", "Join"],
  public_rooms: ["公开房间", "Public rooms"],
  lobby_jump: ["跳到", "Go to"],
  no_rooms: ["现在没有开着的公开房间，开一桌吧。", "No public room is open now — create one."],
  more_rooms: ["更多房间", "More rooms"],
  refresh: ["刷新", "Refresh"],
  my_games: ["我的牌局", "My games"],
  no_games: ["还没有打完的牌局。", "No finished games yet."],
  my_totals: ["共 {games} 局，累计 {points} 分", "{games|deal|deals}, {points|point|points} in all"],
  watch: ["观战", "Watch"],
  enter_room: ["进入", "Enter"],
  my_private_rooms: ["我的房间", "My rooms"],
  live_game: ["你有一局正在打：{game}", "A deal of yours is going on: {game}"],
  status_waiting: ["等人", "waiting"],
  status_playing: ["对局中", "playing"],
  status_between: ["局间", "between deals"],
  status_finished: ["已结束", "finished"],
  replay: ["回放", "Replay"],
  deal_n: ["第 {n} 局", "deal {n}"],
  deal_pick: ["看这场的哪一局", "which deal of the match"],
  match_n: ["第 {n} 场", "match {n}"],
  // room
  room: ["房间", "Room"],
  room_code: ["房间码", "Room code"],
  copy_link: ["复制链接", "Copy link"],
  copy_link_short: ["链接", "Link"],
  copied: ["已复制", "Copied"],
  all_rules: ["全部规则（{n} 项）", "All the rules ({n})"],
  no_such_page: ["没有这个页面：这是大厅", "No such page: this is the lobby"],
  back_to_seat: ["回到牌桌", "Back to my seat"],
  room_call: ["你的房间里开始打了：别人在等你", "A deal has begun in your room: the table is waiting for you"],
  back_to_room: ["回到房间", "Back to the room"],
  leave_title: ["离座？", "Leave your seat?"],
  leave_table_title: ["离开牌桌？", "Leave the table?"],
  leave_table_text: ["这一局还在打，你还坐在这里：离开后过了掉线托管的时间，托管替你出牌。在大厅点「回到牌桌」就能回来。",
    "This deal is still being played and you hold your seat: once you are gone, after the room's 托管 wait the stand-in bot plays for you. “Back to my seat” in the lobby brings you back."],
  leave_table_go: ["离开", "Leave"],
  left_seat: ["离座·托管", "left · 托管"],
  zoom_tip: ["点一下放大，再点一下还原", "Tap to enlarge, tap again to restore"],
  leave_text: ["这一局还没打完：离座后由托管机器人替你打到本局结束；这一局打完，座位就空出来，谁都可以坐（没人坐由机器人接着打）。",
               "The deal is not over: the house bot plays your seat until it ends. Then the seat is free for anyone to take (a bot plays it while nobody does)."],
  nickname_limit: ["最多 24 个字", "At most 24 characters"],
  share: ["邀请朋友", "Invite friends"],
  invite_text: ["把房间码或链接发给朋友：打开就进房间，再点空位上的「坐这里」入座", "Send the code or the link: opening it brings them into the room, where they press Sit here on an empty seat"],
  back_lobby: ["返回大厅", "Back to lobby"],
  seat_n: ["{n} 号位", "Seat {n}"],
  empty_seat: ["空位", "empty"],
  sit_here: ["坐这里", "Sit here"],
  add_bot: ["加机器人", "Add bot"],
  remove_bot: ["移走", "Remove"],
  unseat: ["请离座", "Free the seat"],
  unseat_title: ["请 {name} 离座？", "Free {name}'s seat?"],
  unseat_text: ["{name} 的座位空出来，谁都可以坐；{name} 回来时会看到房主请他离座了。",
    "{name}'s seat becomes free for anyone to take; {name} is told the owner freed it on coming back."],
  move_here: ["换到这里", "Move here"],
  give_owner: ["转让房主", "Make owner"],
  give_owner_title: ["把房主转给 {name}？", "Make {name} the owner?"],
  give_owner_text: ["开始、加机器人、请离座、再来一场和解散房间都由 {name} 来按。",
    "{name} will start the match, add bots, free seats, play again and close the room."],
  owner_given: ["房主转给你了：开始、加机器人、请离座、再来一场和解散房间都由你来按",
    "You own the room now: starting, bots, freeing seats, Play again and closing the room are yours"],
  owner_taken: ["你不在房间的时候，{name} 替你按了房主的按钮，现在 {name} 是房主",
    "While you were away, {name} used the owner's controls and owns the room now"],
  another_player: ["另一位玩家", "another player"],
  pick_go: ["确定", "OK"],
  dissolve: ["解散房间", "Close room"],
  dissolve_title: ["解散房间？", "Close the room?"],
  dissolve_text: ["房间关掉以后就进不来了，桌上和观战的人都回大厅；打过的牌局和回放都还在「我的牌局」里。",
    "Nobody can come back into it: everyone at the table and watching goes back to the lobby. The games played and their replays stay in My games."],
  room_dissolved: ["房间已解散", "The room is closed"],
  room_dissolved_by: ["{name}解散了这个房间。打过的牌局在大厅的「我的牌局」里还能看回放。",
    "{name} closed this room. The games played are still in My games in the lobby, with their replays."],
  seat_freed_by_owner: ["房主请你离座了：想打就再坐下", "The owner freed your seat: sit down again to play"],
  fill_bots: ["空位都补机器人", "Fill empty seats with bots"],
  leave_seat: ["离座", "Leave seat"],
  leave_seat_short: ["离座", "Leave"],
  start: ["开始", "Start"],
  play_again: ["再来一场", "Play again"],
  again_waiting: ["{names} 不在这个房间，没有被拉进新的一场：座位空出来了，坐满再开始",
                  "{names} was not in the room, so was not drawn into a new match: the seat is free — start when it is full"],
  owner: ["房主", "owner"],
  bot: ["机器人", "bot"],
  bot_level: ["机器人水平", "Bot level"],
  review_button: ["复盘分析", "AI review"],
  to_start: ["回到开头", "To the start"],
  to_end: ["跳到最后", "To the end"],
  review_pick_seat: ["复盘分析看的是一个座位的选择：先点上面哪一家的「视角」，再按复盘分析",
    "The AI review looks at one seat's choices: pick a seat's view above, then press AI review"],
  review_level: ["分析水平", "Review level"],
  review_level_short: ["水平", "Level"],
  review_title: ["复盘分析", "AI review"],
  spectators_n: ["{n} 人观战", "{n} watching"],
  spectators_n_you: ["{n} 人观战（含你）", "{n} watching (you too)"],
  you_watching: ["你在观战", "You are watching"],
  watchers_title: ["谁在观战", "Who is watching"],
  send_away: ["请出", "Send away"],
  send_away_title: ["请 {name} 离开房间？", "Send {name} away?"],
  send_away_note: ["请出的人看不到也进不了这个房间，直到房间关掉", "Whoever is sent away can neither see nor enter this room until it closes"],
  sent_away_done: ["{name} 已被请出", "{name} was sent away"],
  sent_away_me: ["房主请你离开了这个房间", "The room's owner asked you to leave this room"],
  deals_total: ["共 {n} 局", "{n} deals"],
  row_mult: ["倍数 ×{n}", "×{n} stakes"],
  filter_game: ["只看这种牌", "Only this game"],
  filter_all_games: ["全部牌种", "All games"],
  filter_free: ["只看有空位的", "Only with a free seat"],
  no_rooms_filtered: ["没有合适的房间：换个筛选，或者开一个新房间", "No room matches: change the filter, or open a room"],
  owner_away_short: ["房主不在", "owner away"],
  made_now: ["刚开", "just made"],
  made_min: ["{n} 分钟前开", "made {n} min ago"],
  made_h: ["{n} 小时前开", "made {n} h ago"],
  made_d: ["{n} 天前开", "made {n} days ago"],
  ended_now: ["刚打完", "just finished"],
  ended_min: ["{n} 分钟前打完", "finished {n} min ago"],
  ended_h: ["{n} 小时前打完", "finished {n} h ago"],
  ended_d: ["{n} 天前打完", "finished {n} days ago"],
  public_games: ["大家的牌局", "Other players' games"],
  no_public_games: ["还没有别人打完的公开牌局。", "No one else has finished a public game yet."],
  public_games_failed: ["暂时读不到，过一会儿再看。", "Could not be read just now; look again in a moment."],
  more_public_games: ["更多牌局", "More games"],
  watch_replay: ["看回放", "Watch replay"],
  review_title_of: ["复盘分析：{name}的选择", "AI review of {name}'s choices"],
  review_title_mine: ["复盘分析：你的选择", "AI review of your choices"],
  review_running: ["复盘中… {done}/{total}", "Reviewing… {done}/{total}"],
  review_failed: ["复盘失败了", "The review failed"],
  review_summary: ["共 {decisions} 步选择，{mistakes} 处大错，合计少得 {cost} {unit}",
                   "Decisions: {decisions}; big mistakes: {mistakes}; {unit} lost in all: {cost}"],
  // nothing lost: "合计少得 0.0 豆" read oddly (a play-test)
  review_summary_even: ["共 {decisions} 步选择，{mistakes} 处大错，没有损失",
                        "Decisions: {decisions}; big mistakes: {mistakes}; nothing lost"],
  // a play-tester who fed a 106-point 胡 read 没有大错 as the review missing it
  review_clean: ["没有大错（只按你当时能知道的判断，看不见别家的牌：输赢里还有牌运）",
                 "No big mistakes (judged only by what you could know then, not the others' hands: the result has luck in it too)"],
  review_stood_in: ["另有 {n} 步是托管代打的，不算你的，没有分析", "{n|more choice was|more choices were} made by 托管 (auto-play) for you: not yours, not reviewed"],
  review_stood_in_of: ["另有 {n} 步是托管替{name}打的，没有分析", "{n|more choice was|more choices were} made by 托管 (auto-play) for {name}: not reviewed"],
  review_deadline: ["另有 {n} 次答话时间到了，是替你答的，没有分析", "{n|more answer was|more answers were} made for you when the time to answer ran out: not reviewed"],
  review_deadline_of: ["另有 {n} 次答话时间到了，是替{name}答的，没有分析", "{n|more answer was|more answers were} made for {name} when the time to answer ran out: not reviewed"],
  review_none: ["这个座位这局没有要选的（歇家不出牌，或者每步都只有一种走法）", "This seat had nothing to choose in this deal (it sat out, or every move was its only one)"],
  review_points: ["分", "points"],
  howto_button: ["玩法说明", "How to play"],
  howto_short: ["玩法", "Help"],
  howto_preset: ["玩法：{preset}", "Preset: {preset}"],
  howto_terms_below: ["这里用到的牌名和说法，下面各节从头讲起。",
                      "The cards and terms used here are explained from the start in the sections below."],
  // plainer words: "搜索挑的和经验型机器人的那一手" was jargon to a 湖北 player (a play-test)
  review_step: ["第 {move} 手轮到你。各个选项的预期得分（± 是和你选的相比的误差：± 大的只比了几副牌，排得再高也可能是运气）；电脑看好的一两手又在另外的牌上和你选的重比过，有 99% 把握更好才建议：",
                "Move {move} is yours. Each option's expected score (± is the noise against your pick: a wide one was compared on a few deals only and may rank high by luck); the computer's one or two favourites were played again against your pick on fresh deals, and one is advised only if better at 99 %:"],
  review_checked: ["重比过", "re-checked"],
  review_checked_unsure: ["重比过，没到 99% 把握", "re-checked, not 99 % sure"],
  review_checked_worse: ["重比过，不比你选的好", "re-checked, no better than your pick"],
  review_deals: ["比了 {n} 副", "{n|deal|deals}"],
  // the pick's figure had no count in sight, beside the others' (a club's play-test)
  review_played_short: ["模拟了 {n} 副", "{n|deal|deals} played"],
  review_small: ["小的损失（不算大错）：", "Smaller losses (not big mistakes): "],
  review_unsure: ["别的走法平均更好、但没到 99% 把握的（不算损失）：",
                  "Better on average but not at 99 % (not counted as lost): "],
  review_rechecked: ["在另外的 {n} 副牌上和你选的重比过", "re-checked against your pick on {n|fresh deal|fresh deals}"],
  review_chosen: ["你选的", "your pick"],
  review_advised: ["建议", "advised"],
  review_untried: ["没试", "not tried"],
  review_tries: ["在同样的 {n} 副牌上和你选的比过", "compared with your pick on the same {n|deal|deals}"],
  review_played: ["模拟了 {n} 副牌", "played out on {n|deal|deals}"],
  review_move: ["第 {move} 手", "Move {move}"],
  review_pick: ["：{chosen}", ": {chosen}"],
  review_cost: [" — 预期 {chosen_mean}，{advised} {advised_mean}",
                " — expected {chosen_mean}, {advised} {advised_mean}"],
  bot_heuristic: ["经验型", "Heuristic"],
  bot_random: ["随机", "Random"],
  bot_random_hint: ["（最弱：乱出）", " (weakest: plays at random)"],
  bot_heuristic_hint: ["（按经验打，不用想）", " (plays by rules of thumb, at once)"],
  bot_level_tip: ["随机最弱；经验型按经验打；搜索从入门到大师越来越强，每步也想得越久",
                  "Random is weakest; heuristic plays by rules of thumb; search gets stronger from beginner to master, and slower"],
  bot_search: ["搜索", "Search"],
  level_beginner: ["入门", "beginner"],
  level_normal: ["普通", "normal"],
  level_expert: ["高手", "expert"],
  level_master: ["大师", "master"],
  bot_pace: ["（每步 {n} 秒）", " ({n} s a move)"],
  bot_pace_window: ["（每步 {n} 秒，答牌 {w} 秒）", " ({n} s a move, {w} s to answer a discard)"],
  offline_badge: ["离线", "offline"],
  tuoguan: ["托管", "托管 (auto)"],
  tuoguan_on: ["托管中", "托管 (auto) on"],
  tuoguan_off: ["取消托管", "Stop auto-play"],
  tuoguan_off_said: ["已取消托管", "托管 (auto) off"],
  tuoguan_next_tip: ["你在托管中：下一局也由托管打，按这里自己打", "托管 (auto) plays the next deal too: press to play it yourself"],
  log_tuoguan: ["（托管）", " (auto-played)"],
  log_deadline: ["（限时代答）", " (time to answer ran out)"],
  phrases: ["快捷语", "Quick phrases"],
  phrases_tip: ["快捷语：对全桌说一句", "Quick phrases: say something to the table"],
  mute_phrases: ["不显示别人的快捷语", "Hide the others' phrases"],
  // a drop's 托管 can run on into the next deals: the count says how many it spans
  tuoguan_moves_deals: ["已取消托管：托管替你打了 {deals} 局里的 {n} 步（牌局记录里标着「托管」）",
                        "托管 (auto) off: it made {n|move|moves} for you over {deals} deals (marked “托管” in the log)"],
  match_winner: ["本场第一：{names}（{points}）", "Match winner: {names} ({points})"],
  match_winners: ["本场并列第一：{names}（{points}）", "Tied first: {names} ({points})"],
  match_even: ["本场不分输赢：人人 0 分", "An even match: everyone 0"],
  tuoguan_moves: ["已取消托管：托管替你走了 {n} 步（牌局记录里标着「托管」）", "托管 (auto) off: it made {n|move|moves} for you (marked “托管” in the log)"],
  tuoguan_tip: ["托管：机器人替你打，直到你按「取消托管」", "托管 (auto-play): the bot plays your seat until you press Stop auto-play"],
  tuoguan_off_tip: ["取消托管，自己打", "Stop 托管 and play yourself"],
  tuoguan_turn: ["托管中：机器人马上替你打（自己出牌就收回托管）",
                 "托管 (auto) is on: the bot plays for you in a moment (play yourself to take back)"],
  waiting_owner: ["等房主开始…", "Waiting for the owner to start…"],
  left_points: ["{name} 在 {seat} 号位打过 {deals} 局：{points}（算在这个座位的总分里）",
    "{name} played {deals|deal|deals} in seat {seat}: {points} (counted in that seat's total)"],
  timed_out: ["时间到：这一步已经替你走了。连着再超时一次就交给托管",
    "Time's up: this move was made for you. Once more in a row and 托管 (auto-play) takes over"],
  timed_out_move: ["时间到：已经替你走了「{move}」。连着再超时一次就交给托管",
    "Time's up: {move} was played for you. Once more in a row and 托管 (auto-play) takes over"],
  timed_out_answer: ["答话时间到：已经替你答了「{move}」", "Time to answer is up: {move} was answered for you"],
  timed_out_tuoguan: ["又超时了：托管替你打。想自己打就按「取消托管」",
    "Time's up again: 托管 (auto-play) plays for you now. Press Stop auto-play to play yourself"],
  owner_away: ["房主不在：坐着的人都可以替房主操作，谁先按谁当房主",
    "The owner is away: anyone seated may act for them, and the first to do so becomes the owner"],
  again_by_owner: ["{name} 按「再来一场」就和大家接着打新的一场；不想打就返回大厅",
    "When {name} presses Play again, a new match starts with everyone here; to stop, go back to the lobby"],
  again_started: ["{name} 开始了新的一场", "{name} started a new match"],
  owner_word: ["房主", "the owner"],
  pick_choose: ["选一个…", "Choose…"],
  with_table: ["同桌：{names}", "with {names}"],
  take_over: ["接任房主", "Take over as owner"],
  waiting_seats: ["坐满就能开始", "Start when every seat is filled"],
  spectating: ["观战中", "Spectating"],
  room_gone: ["进不了这个房间", "This room cannot be opened"],
  // a friend opened the address a host copied from the address bar (a play-test): a
  // private room opens by its code or the 复制链接 link only, and says nothing else
  room_gone_text: ["它可能已经关了，或者是私人房间：私人房间要用朋友按「复制链接」发来的链接进，或者在下面输入房间码（浏览器地址栏里的地址不行）。",
                   "It may have closed, or it is a private room: a private room opens with the link your friend's “Copy link” gives, or its code below (the address in the browser's bar will not do)."],
  settings_line: ["{deals} 局 · 倍数 ×{mult} · {clock}", "{deals|deal|deals} · multiplier ×{mult} · {clock}"],
  // table
  your_turn: ["轮到你了", "Your turn"],
  your_turn_title: ["【轮到你了】花牌", "[Your turn] huapai"],
  sound: ["声音", "Sound"],
  motion: ["动画", "Motion"],
  sound_tip: ["轮到你时响铃，出牌有音效", "A chime on your turn, sounds for plays"],
  motion_tip: ["发牌和出牌的动画", "Dealing and play animations"],
  waiting_for: ["等 {name}…", "Waiting for {name}…"],
  play: ["出牌", "Play"],
  hint: ["提示", "Hint"],
  hint_tip: ["先给出托管会怎么打；再按，逐个看能出的牌", "First what 托管 would play; press again to go through the legal plays"],
  advised: ["提示：{name}（托管会这样打）", "Hint: {name} (what 托管, the auto-player, would play)"],
  hint_word: ["提示：也可以{name}", "Hint: you may also {name}"],
  clear_sel: ["清空", "Clear"],
  sel_not_legal: ["这样出不行", "That is not a legal play"],
  sel_ok: ["可以出：{name}", "Playable: {name}"],
  auto_answer: ["没有别的选择，稍候自动替你作答", "No other choice: answered for you in a moment"],
  pick_left: ["紧牌：还需弃 {n} 张", "紧牌: {n} more to discard"],
  pick_ready: ["紧牌：选好 {n} 张了，按弃牌", "紧牌: {n} selected, press Discard"],
  pick_too_many: ["紧牌：只需弃 {n} 张，选多了", "紧牌: only {n} to discard, too many selected"],
  log: ["牌局记录", "Game log"],
  hand_count: ["{n} 张", "{n|card|cards}"],
  hand_count_of: ["手里 {n} 张", "{n|card|cards} in hand"],
  my_hand: ["手牌 {n} 张", "your hand, {n|card|cards}"],
  deal_over: ["本局结束", "Deal over"],
  // settlement
  settlement: ["本局结算", "Settlement"],
  match_over: ["整场结束", "Match over"],
  seat_col: ["座位", "Seat"],
  delta_col: ["本局", "This deal"],
  deal_points: ["本局得分：{points}", "points this deal: {points}"],  // after the step said, a replay's last
  scaled_col: ["× 倍数 {m}", "× multiplier {m}"],
  total_col: ["总分", "Total"],
  payments: ["明细", "Breakdown"],
  no_payments: ["无人输赢", "Nobody pays"],
  no_payments_bo: ["得一钵之前每局不结钱：钱都记在各家的算盘上（右边一栏）",
                   "No money moves until someone takes the 钵: it is kept on each abacus (the right-hand column)"],
  no_bo_match_over: ["整场打完，没有人得一钵：这一钵不结钱，算盘上的钱不算输赢",
                     "The match is over and nobody took the 钵: it pays nothing, and what the abaci hold is not won or lost"],
  abacus_col: ["算盘", "Abacus"],
  pays: ["{payer} → {payee}", "{payer} → {payee}"],
  // one reason paid several times, folded into one line: "×2" read as "doubled"
  times: ["{reason}（{n} 次）", "{reason} ({n} times)"],
  ready: ["准备下一局", "Ready for the next deal"],
  ready_done: ["已准备", "Ready"],
  next_in: ["{n} 秒后开始下一局", "next deal in {n} s"],
  view_table: ["看牌桌", "See the table"],
  last_settlement: ["上局结算", "Last deal's settlement"],
  last_settlement_short: ["上局", "Last deal"],
  seed_revealed: ["洗牌种子 {seed}（开局承诺 {commit}…）", "Shuffle seed {seed} (commitment {commit}…)"],
  server_seed_line: ["服务器种子 {server}（开局时公布的承诺 {commit}… 就是由它算出的哈希）",
    "Server seed {server} (the commitment {commit}… published at the start is its hash)"],
  deal_seed_mixed: ["发牌种子 {seed}：由服务器种子和{who}出的随机数算出", "Deal seed {seed}: mixed from the server seed and the randomness {who} sent"],
  deal_seed_alone: ["发牌种子 {seed} 就是服务器种子：这局没有玩家出随机数（托管、不在线的座位和机器人不出）",
    "Deal seed {seed} is the server seed itself: no player sent randomness this deal (seats on 托管, offline or bots send none)"],
  your_nonce: ["你的浏览器出的随机数 {nonce}… 在里面", "The randomness your browser sent ({nonce}…) is in it"],
  verify_hint: ["下载记录，可以用命令 huapai verify 自己再核对一遍", "Download the record to check it yourself with the huapai verify command"],
  commitment_now: ["开局承诺 {commit}：发牌前服务器先公布它（种子的哈希），这局结束后公布种子，你的浏览器会自动核对",
    "Commitment {commit}: the server published it (its seed's hash) before dealing; the seed is revealed when the deal ends, and your browser checks it"],
  // replays
  replays: ["回放", "Replays"],
  replay_title: ["牌局回放", "Replay"],
  all_open: ["全部明牌", "All hands open"],
  view_of: ["{name} 视角", "{name}'s view"],
  // moves played, not "第 3 步": beside the review's 第 4 手 (the move made from there) the
  // numbers read as disagreeing (a phone play-test)
  step_of: ["已走 {i} / {n} 手", "{i} of {n} moves played"],
  start_pos: ["开局", "Start"],
  first: ["开头", "First"],
  prev: ["上一步", "Back"],
  next: ["下一步", "Next"],
  last: ["结尾", "Last"],
  autoplay: ["自动播放", "Play"],
  pause: ["暂停", "Pause"],
  download: ["下载记录", "Download record"],
  verify: ["验证洗牌", "Verify shuffle"],
  verified: ["洗牌验证通过", "Shuffle verified"],
  verify_failed: ["洗牌验证失败", "Shuffle check FAILED"],
  // (short: a badge in the replay's bar, which a phone scrolls sideways; the lines above say
  // which seed opens the commitment)
  seed_checked: ["本机已验证：种子与开局承诺相符", "Checked here: the seed matches the commitment shown at the start"],
  seed_checked_record: ["记录自洽（本机没看到开局，只核对了记录）", "Record consistent (this browser did not see the start)"],
  seed_nonce_missing: ["本机验证失败：你出的随机数不在这局里！", "Checked here: your randomness is NOT in this deal!"],
  seed_mismatch: ["本机验证失败：种子与开局承诺不符！", "Checked here: the seed does NOT match the commitment shown at the start!"],
  seed_unchecked: ["本机无法验证（需要 https 或 localhost）", "Cannot check here (needs https or localhost)"],
  verify_detail: ["服务器种子 {server}，发牌种子 {seed}，承诺 {commit}", "server seed {server}, deal seed {seed}, commitment {commit}"],
  share_replay: ["分享链接", "Share link"],
  share_made: ["链接已生成：拿到它的人都能看这局回放，每家的手牌都看得到（全部明牌）。公开房间的牌局本来谁都能在大厅「大家的牌局」里看；私人房间的只有同桌和拿到链接的人能看",
    "Link made: whoever has it can watch this game's replay with every hand face up. A public room's games are open to anyone anyway (Other players' games in the lobby); a private room's only to its players and to whoever has a link"],
  share_title: ["做一个链接，让没坐在这桌的人也能看这局回放（每家的手牌都看得到）",
    "Make a link for someone who was not at the table to watch this replay (every hand face up)"],
  loading: ["加载中…", "Loading…"],
  acted: ["{name}：{action}", "{name}: {action}"],
  // errors
  error: ["出错了", "Error"],
  network: ["连不上服务器", "Cannot reach the server"],
  // settlement breakdown
  items: ["计分明细", "Scoring"],
  item_col: ["项目", "Item"],
  value_col: ["数", "Value"],
  table_wide: ["全桌", "Table"],
};

export function getLang() {
  const saved = localStorage.getItem(KEY);
  return saved === "en" ? "en" : "zh";
}

/** A moment (seconds since the epoch) in the page's language, not the browser's: a
 * Chinese page's tooltip read 12/7/2026, 9:08:37 AM in an English browser (a play-test). */
export function whenText(seconds, options = undefined) {
  return new Date(seconds * 1000).toLocaleString(getLang() === "en" ? "en" : "zh-CN", options);
}

export function setLang(lang) {
  localStorage.setItem(KEY, lang === "en" ? "en" : "zh");
  document.documentElement.lang = lang === "en" ? "en" : "zh-CN";
  for (const fn of listeners) fn(getLang());
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** `{name}` filled from `vars`; `{name|card|cards}` is the number and its English noun,
 * singular for 1 ("1 card", "2 cards"). */
function fill(text, vars) {
  return text.replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (m, name, one, many) => {
    if (!(name in vars)) return m;
    return one === undefined ? String(vars[name]) : countOf(vars[name], one, many);
  });
}

/** A name before Chinese words: a Latin one (Tom, Amy2) gets a space, as Chinese sets it
 * (`Tom打出` read as one word); a Chinese one none (机器人乙打出). */
export function nameZh(name) {
  return /[A-Za-z0-9]$/.test(name) ? `${name} ` : name;
}

/** "1 card", "2 cards": a number and its English noun. */
export function countOf(n, one, many) {
  return `${n} ${Number(n) === 1 ? one : many}`;
}

/** The string `key` in the current language, with `{name}` placeholders filled. */
export function t(key, vars = {}) {
  const pair = STR[key];
  if (!pair) return key;
  return fill(pair[getLang() === "en" ? 1 : 0], vars);
}

/** Pick between an inline Chinese and English text. */
export function bi(zh, en) {
  return getLang() === "en" ? en : zh;
}

/** `items` as a list in the page's language: 甲、乙 / A, B. */
export function listed(items) {
  return items.join(bi("、", ", "));
}

/** A message value from the server ({code, zh, en, params}: an error, an action's
 * label, a settlement line) in the current language; `fallback` when there is none. */
export function said(msg, fallback = "") {
  if (!msg || typeof msg !== "object") return fallback;
  return (getLang() === "en" ? msg.en : msg.zh) ?? fallback;
}
