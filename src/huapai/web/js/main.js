// The browser client's entry: identity (nickname → token), the live connection, the
// header, and the routes #/ (lobby), #/room/<id>, #/replay/<id>?seat=<n|all>&step=<n>, #/drill (钵福's 报数 practice).

import { h, replace } from "./dom.js";
import { getLang, onLangChange, setLang, t } from "./i18n.js";
import { api, explain, forgetIdentity, getPlayer, getToken, saveIdentity } from "./api.js";
import { Live } from "./socket.js";
import { LanguageSwitch, askNickname, closeDialogs, confirmDialog, dropToasts, toast, toastArea } from "./ui.js";
import { loadGames } from "./games/registry.js";
import { applyMotion, isOn, setOn } from "./feedback.js";
import { focusPage, keepingFocus } from "./focus.js";
import { LobbyPage } from "./lobby.js";
import { RoomPage } from "./room.js";
import { ReplayPage } from "./replay.js";
import { DrillPage } from "./drill.js";

const LOGO = `<svg viewBox="0 0 40 40" width="34" height="34" aria-hidden="true">
  <rect x="6" y="3" width="11" height="34" rx="2.5" fill="#fbf5e6" stroke="#8a6a43" transform="rotate(-12 11 20)"/>
  <rect x="22" y="3" width="11" height="34" rx="2.5" fill="#fbf5e6" stroke="#8a6a43" transform="rotate(10 28 20)"/>
  <circle cx="10.5" cy="10" r="2.6" fill="#c0262d" transform="rotate(-12 11 20)"/>
  <circle cx="27.5" cy="9" r="2" fill="#1d1b19" transform="rotate(10 28 20)"/>
  <circle cx="27.5" cy="15" r="2" fill="#c0262d" transform="rotate(10 28 20)"/></svg>`;

const OFFLINE_AFTER_MS = 1500;  // a reconnect quicker than this shows no banner

export function parseRoute(hash) {
  const [path, query = ""] = hash.replace(/^#/, "").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  if (parts[0] === "room" && parts[1]) return { name: "room", id: parts[1] };
  if (parts[0] === "replay" && parts[1]) {
    return { name: "replay", id: parts[1], seat: params.get("seat"), share: params.get("share"),
             step: params.get("step") };
  }
  if (parts[0] === "join" && parts[1]) return { name: "join", code: parts[1] };
  if (parts[0] === "drill") return { name: "drill" };
  return parts.length ? { name: "lobby", unknown: true } : { name: "lobby" };
}

/** The welcome dialog's words: the invitation's room code when the address is one (a
 * code is letters and digits: a link's junk is not echoed). */
function welcomeText() {
  const route = parseRoute(location.hash);
  const invited = route.name === "join" && /^[A-Za-z0-9]{1,12}$/.test(route.code);
  return invited ? t("welcome_join", { code: route.code.toUpperCase() }) : t("welcome_text");
}

class App {
  constructor() {
    this.player = null;
    this.live = null;
    this.page = null;
    this.header = h("header", { class: "top" });
    this.main = h("main", { class: "main", tabindex: "-1" });  // focusPage's target
  }

  async start() {
    document.documentElement.lang = getLang() === "en" ? "en" : "zh-CN";
    replace(document.body, this.header, this.main, toastArea());  // (the live region there, empty)
    applyMotion();
    this.renderHeader();
    // A replay link opened by someone with no nickname yet shows the replay at once (the
    // server lets anyone read a public room's game, or one whose share token is in the
    // link); the nickname is asked for when they go on to the lobby or a room.
    if (!(parseRoute(location.hash).name === "replay" && !getToken())) await this.identify();
    try {
      await loadGames();  // the families' manifests and renderers, before any page draws a table
    } catch (err) {
      toast(err?.code ? () => explain(err) : String(err?.message ?? err), "error");
    }
    if (this.player || getToken()) this.connect();
    window.addEventListener("hashchange", () => this.route());
    onLangChange(() => {
      if (this.banner) this.banner.textContent = t("reconnecting");
      this.renderHeader();
      this.page?.render();
    });
    this.route();
  }

  async identify() {
    if (getToken()) {
      try {
        const me = await api.get("/me");
        this.player = me.player;
        saveIdentity(me.player);
        this.renderHeader();
        return;
      } catch (err) {
        if (err.code !== "bad_token" && err.code !== "unauthorized") {
          this.player = getPlayer();
          return;
        }
        forgetIdentity();
      }
    }
    let typed = "";
    // the invitation as the address says it now: a second link opened before the nickname
    // was entered kept the first one's code in the dialog (a play-test)
    const intro = h("span", { "data-testid": "welcome-intro" }, welcomeText());
    const follow = () => { intro.textContent = welcomeText(); };
    window.addEventListener("hashchange", follow);
    for (;;) {  // the dialog's language button: switch, and ask again with what was typed
      follow();
      const answer = await askNickname({
        title: t("welcome_title"),
        text: intro, initial: typed, language: true,
        submit: async (nickname) => {
          try {
            const made = await api.post("/players", { nickname });
            saveIdentity(made.player, made.token);
            return made.player;
          } catch (err) {
            throw new Error(explain(err));
          }
        },
      });
      if (!(answer instanceof LanguageSwitch)) {
        this.player = answer;
        break;
      }
      typed = answer.typed;
      setLang(getLang() === "en" ? "zh" : "en");
      this.renderHeader();  // the header behind the dialog too (it stayed Chinese: a play-test)
    }
    window.removeEventListener("hashchange", follow);
    this.renderHeader();
  }

  connect() {
    this.live = new Live(getToken());
    this.live.on("status", ({ online }) => {
      this.online = online;
      this.renderHeader();
      this.offlineBanner(online);
    });
    this.live.on("auth_failed", () => {
      forgetIdentity();
      this.live.close();
      location.reload();
    });
    this.live.connect();
  }

  /** 连接断开了，正在重连… once the line has been down a moment (a dot turning red was
   * the only sign a club play-tester saw while the server was down). */
  offlineBanner(online) {
    clearTimeout(this.offlineTimer);
    if (online) {
      this.banner?.remove();
      this.banner = null;
      return;
    }
    this.offlineTimer = setTimeout(() => {
      if (this.online || this.banner) return;
      this.banner = h("div", { class: "offline-banner", role: "status", "data-testid": "offline" }, t("reconnecting"));
      document.body.append(this.banner);
    }, OFFLINE_AFTER_MS);
  }

  go(hash) {
    if (location.hash === hash) this.route();
    else location.hash = hash;
  }

  async route() {
    const route = parseRoute(location.hash);  // a code is letters and digits: a link's junk is not echoed
    const invited = route.name === "join" && /^[A-Za-z0-9]{1,12}$/.test(route.code);
    if (route.unknown) {  // #/room/ with no room, a mistyped page: the lobby, said so, at its own address
      history.replaceState(null, "", "#/");
      toast(() => t("no_such_page"), "info", 6000, { carry: true });
    }
    if (await this.stayAtTable(route)) return;
    closeDialogs();  // a page's dialogs go with it
    if (route.name !== "replay" && !this.player) await this.signIn();
    if (route.name === "join") {
      this.joinByCode(route.code);
      return;
    }
    dropToasts();
    this.holdRoom(route);
    this.page?.unmount();
    window.scrollTo(0, 0);
    if (route.name === "room") this.page = new RoomPage(this, route.id);
    else if (route.name === "drill") this.page = new DrillPage(this);
    else if (route.name === "replay") this.page = new ReplayPage(this, route.id, route.seat, route.share, route.step);
    else this.page = new LobbyPage(this);
    document.body.dataset.route = route.name;
    this.page.mount(this.main);
    focusPage(this.main);
  }

  /** The room I sit in stays watched while I read replays from it (回放 from the
   * settlement, its other deals and seats): 再来一场 counted a friend reading the replay
   * as away and freed the seat (a play-test). Any other page lets it go. */
  holdRoom(route) {
    const page = this.page;
    const from = page instanceof RoomPage && page.mySeat() !== null ? page.roomId : null;
    const keep = route.name === "replay" ? from ?? this.heldRoom : null;
    if (page instanceof RoomPage && keep === page.roomId) page.keepWatching = true;  // no unsubscribe
    // (back to it: its page subscribes again, which the server takes as a resync)
    else if (this.heldRoom && this.heldRoom !== keep && !(route.name === "room" && route.id === this.heldRoom)) {
      this.live.unsubscribe(this.heldRoom);
    }
    this.heldRoom = keep;
  }

  /** Going from a deal I am playing to another page (the back button, the brand's link)
   * is asked first; the address stays at the table while asked, and goes back there if I
   * stay. True: stay. */
  async stayAtTable(route) {
    const page = this.page;
    if (!page?.holdsLiveSeat?.() || (route.name === "room" && route.id === page.roomId)) return false;
    const target = location.hash;
    history.pushState(null, "", `#/room/${encodeURIComponent(page.roomId)}`);
    if (this.askingLeave) return true;  // one question at a time (back pressed twice)
    this.askingLeave = true;
    try {
      if (!await confirmDialog(t("leave_table_title"), t("leave_table_text"), t("leave_table_go"), "leave-table")) return true;
    } finally {
      this.askingLeave = false;
    }
    history.replaceState(null, "", target);
    return false;
  }

  /** A guest (who came by a replay link) picks a nickname and goes live. */
  async signIn() {
    if (this.signing) return this.signing;
    this.signing = (async () => {
      if (!this.player) await this.identify();
      if (!this.live) this.connect();
      this.renderHeader();
    })();
    try {
      await this.signing;
    } finally {
      this.signing = null;
    }
  }

  /** An invitation link (#/join/<code>): join the private room and open it. */
  async joinByCode(code) {
    try {
      const { room } = await api.post("/rooms/join", { code });
      location.replace(`#/room/${encodeURIComponent(room.id)}`);
    } catch (err) {
      toast(() => explain(err), "error", 4200, { carry: true });
      location.replace("#/");
    }
  }

  async rename() {
    const player = await askNickname({
      title: t("rename"), initial: this.player?.nickname ?? "", cancellable: true, confirm: t("save"),
      submit: async (nickname) => {
        try {
          return (await api.patch("/me", { nickname })).player;
        } catch (err) {
          throw new Error(explain(err));
        }
      },
    });
    if (player) {
      this.player = player;
      saveIdentity(player);
      this.renderHeader();
    }
  }

  /** Log out everywhere: a new token here, every other browser's stops working. */
  async logoutEverywhere() {
    if (!confirm(t("logout_all_confirm"))) return;
    this.live?.close();
    try {
      const fresh = await api.post("/me/revoke");
      saveIdentity(fresh.player, fresh.token);
      location.reload();
    } catch (err) {
      toast(() => explain(err), "error");
      this.live?.connect();
    }
  }

  /** The header drawn again (a language, sound or motion switch, the nickname): the
   * focused switch stays focused (a keyboard player's was lost with the old button). */
  renderHeader() {
    keepingFocus(this.header, () => this.drawHeader());
  }

  drawHeader() {
    // named as one phrase: a screen reader read the logo's two scripts run together
    // (花牌huapai) and never said where the link goes (a play-test)
    const brand = h("a", { class: "brand", href: "#/", "aria-label": t("brand_label") });
    brand.innerHTML = LOGO;
    const other = t("app_title_other");
    brand.append(h("span", { class: "brand-name" }, t("app_title"), other ? h("small", {}, other) : null));
    if (!document.hidden) document.title = t("doc_title");  // (a hidden tab's title may be blinking)
    replace(this.header, brand,
      h("div", { class: "spacer" }),
      this.live ? h("span", { class: `conn ${this.online ? "on" : "off"}`, "data-testid": "conn",
                               title: this.online ? t("online") : t("offline") }) : null,
      this.player ? h("button", { class: "btn ghost small nick", "data-testid": "nickname",
                                  onClick: () => this.rename() }, this.player.nickname)
        : h("button", { class: "btn ghost small nick", "data-testid": "sign-in",
                        onClick: () => this.signIn() }, t("sign_in")),
      this.player ? h("button", { class: "btn ghost small", "data-testid": "logout-all",
                                  title: t("logout_all_confirm"),
                                  onClick: () => this.logoutEverywhere() },
                          h("span", { class: "wide-only" }, t("logout_all")),
                          h("span", { class: "phone-only" }, t("logout_all_short"))) : null,
      ...["sound", "motion"].map((what) => h("button", {
        class: `btn ghost small toggle${isOn(what) ? " on" : ""}`, "data-testid": `toggle-${what}`,
        "aria-pressed": String(isOn(what)), title: t(`${what}_tip`),
        onClick: () => {
          setOn(what, !isOn(what));
          this.renderHeader();
        },
      }, t(what))),
      h("button", { class: "btn ghost small", "data-testid": "lang",
                    onClick: () => setLang(getLang() === "en" ? "zh" : "en") }, t("lang_switch")));
  }
}

window.addEventListener("unhandledrejection", (e) => {
  toast(e.reason?.code ? () => explain(e.reason) : String(e.reason?.message ?? e.reason), "error");
});

new App().start();
