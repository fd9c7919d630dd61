// The table's log, written in the page from the view's history entries: the same
// sentences as the terminal's transcript (each game's text module), through the games'
// own catalogs, which the web catalog serves under the "game:" prefix. The server sends
// only the entries (protocol v2), so the log costs the server nothing per reader.
//
// transcript(game, history, view, t, name) -> lines; `name(seat)` names a seat.

const GAME = "game:";

// -- Diamant ------------------------------------------------------------------------------

function diamant(history, view, t, name) {
  const d = (key, args) => t(`${GAME}diamant-${key}`, args);
  const card = (code) => {
    if (/^T\d+$/.test(code)) return d("card_treasure", { rubies: Number(code.slice(1)) });
    if (code === "R") return d("card_relic");
    if (/^R\d+$/.test(code)) return d("card_relic_value", { value: Number(code.slice(1)) });
    return d(`trap_${code}`);
  };
  const seats = (list) => {
    const named = list.map(name);
    if (!named.length) return d("nobody");
    if (named.length === 1) return named[0];
    return d("list_two", { first: named.slice(0, -1).join(", "), last: named[named.length - 1] });
  };
  const leave = (event) => {
    const who = seats(event.seats);
    const count = event.seats.length;
    const relics = event.relics.join(" ");
    const share = event.path_share;
    const relicCount = event.relics.length;
    if (relics && share) return d("ev_leave_share_relics", { seats: who, share, relics, relic_count: relicCount });
    if (relics) return d("ev_leave_relics", { seats: who, relics, relic_count: relicCount });
    if (share) return d("ev_leave_share", { seats: who, count, share });
    return d("ev_leave_plain", { seats: who, count });
  };
  const line = (event) => {
    switch (event.type) {
      case "round": return d("ev_round", { round: event.round });
      case "reveal":
        if (/^T\d+$/.test(event.card)) return d("ev_reveal_treasure", { rubies: Number(event.card.slice(1)), share: event.share });
        return d("ev_reveal", { card: card(event.card) });
      case "choices": return event.leavers && event.leavers.length ? "" : d("ev_choices_none");
      case "leave": return leave(event);
      default: {
        let text = event.reason === "trap"
          ? d("ev_round_end_trap", { second: d(`second_trap_${event.trap}`), busted: seats(event.busted), count: event.busted.length })
          : d("ev_round_end_all");
        if (event.lost_relics && event.lost_relics.length) text += `. ${d("ev_lost_relics", { count: event.lost_relics.length })}`;
        return text;
      }
    }
  };
  return history.map(line).filter(Boolean);
}

// -- Tschak! ------------------------------------------------------------------------------

const TOWER_FIXED = { Trog: "troglodyte", Ring: "ring", Trophy: "trophy", Elixir: "elixir" };

function tschak(history, view, t, name) {
  const k = (key, args) => t(`${GAME}tschak-${key}`, args);
  const card = (code) => {
    let match = /^([WRD])(\d+)([*+a]?)$/.exec(code);
    if (match) {
      const key = { W: "wizard", R: "warrior", D: "dwarf" }[match[1]];
      const icon = match[3] ? (match[1] === "W" ? "_wand" : "_axe") : "";
      return k(key + icon, { value: Number(match[2]) });
    }
    if (code === "A") return k("artifact");
    if (code === "W?") return k("chameleon");
    if (TOWER_FIXED[code]) return k(TOWER_FIXED[code], { skulls: 0, coins: 0 });
    match = /^(M|C-|C)(\d+)$/.exec(code);
    if (match) {
      const kind = { M: "monster", "C-": "cursed", C: "chest" }[match[1]];
      const value = Number(match[2]);
      return k(kind, { skulls: value, coins: value });
    }
    return code;
  };
  const chameleon = (parties, seat) => {
    const values = [];
    parties.forEach((party, other) => {
      if (other === seat) return;
      for (const code of party) if (/^W\d/.test(code)) values.push(Number(code[1]));
    });
    return values.length ? Math.max(...values) : 0;
  };
  const shown = (parties, seat) => parties[seat].map((code) => (code === "W?" ? `W?=${chameleon(parties, seat)}` : code));
  const rank = (party, kind) => {
    for (const code of party) {
      if (code.startsWith(kind)) {
        if (code === "W?") return [0, 0];
        return [Number(code[1]), ["*", "+", "a"].includes(code.slice(2)) ? 1 : 0];
      }
    }
    return [-1, 0];
  };
  const reasonOf = (winner, loser) => {
    for (const [kind, higher, bonus] of [["W", "tie_wizard", "tie_wand"], ["R", "tie_warrior", "tie_axe"], ["D", "tie_dwarf", "tie_dwarf_axe"]]) {
      const a = rank(winner, kind);
      const b = rank(loser, kind);
      if (a[0] !== b[0] || a[1] !== b[1]) return a[0] !== b[0] ? higher : bonus;
    }
    return null;
  };
  const ties = (event) => {
    const { strengths, parties } = event;
    const lines = [];
    for (const [taker, key] of [[event.treasure_to, "tie_treasure"], [event.monster_to, "tie_monster"]]) {
      const rivals = parties.map((_, seat) => seat).filter((seat) => seat !== taker && strengths[seat] === strengths[taker]);
      if (!rivals.length) continue;
      const rival = rivals[0];
      const [better, worse] = key === "tie_treasure" ? [taker, rival] : [rival, taker];
      const reason = reasonOf(parties[better], parties[worse]);
      if (reason === null) continue;
      lines.push(k(key, { strength: strengths[taker], player: name(taker), rival: name(rival), reason: k(reason) }));
    }
    return lines;
  };
  const line = (event) => {
    if (event.type === "tower") {
      const floors = event.monsters.map((monster, i) =>
        k("ev_tower_floor", { floor: i + 1, monster: card(monster), treasure: card(event.treasures[i]) })).join("; ");
      return k("ev_tower", { tower: event.tower, floors });
    }
    if (event.type === "floor") {
      const parties = event.parties.map((_, seat) => `${name(seat)} ${shown(event.parties, seat).join(" ")} = ${event.strengths[seat]}`).join("; ");
      const took = k("took", { monster: card(event.monster), loser: name(event.monster_to), treasure: card(event.treasure), winner: name(event.treasure_to) });
      return [k("ev_floor", { tower: event.tower, floor: event.floor, parties, took }), ...ties(event)].join(" ");
    }
    const entries = event.cards.map((code, seat) => k("loot_entry", { who: name(seat), card: code, gold: event.gold[seat] }));
    if (!event.gold.some(Boolean)) entries.push(k("ev_no_loot"));
    return k("ev_loot", { tower: event.tower, lines: entries.join(", ") });
  };
  return history.map(line);
}

// -- Relic Runners ------------------------------------------------------------------------

const RR_RENAMED = { "use-ivory": "use_ivory", "final-round": "final", "no-progress": "no_progress" };
const RR_COPIED = ["space", "tile", "level", "turn", "toolbox", "turns"];

function relicRunners(history, view, t, name) {
  const r = (key, args) => t(`${GAME}rr-${key}`, args);
  const trails = (view.trails || []).map((trail) => trail.id);
  const line = (event) => {
    const params = {};
    if ("seat" in event) params.player = name(event.seat);
    switch (event.type) {
      case "move": params.route = event.route.join(" → "); break;
      case "jump": Object.assign(params, { a: event.from, b: event.to }); break;
      case "tokens": params.tokens = event.tokens.join(", "); break;
      case "relic":
      case "shrine": Object.assign(params, { space: event.space, relic: r(`relic_${event.relic}`), trails: event.trails ?? 0 }); break;
      case "coins":
      case "rations": Object.assign(params, { amount: event.amount, reason: r(`reason_${event.reason}`) }); break;
      case "relocate":
      case "pathway":
        Object.assign(params, { trail: trails[event.trail], b: trails[event.trail] });
        if (event.type === "relocate") params.a = trails[event.from_trail];
        break;
      case "keep": Object.assign(params, { tile: event.tile, dropped: event.discarded }); break;
      case "flip": Object.assign(params, { token: event.token, state: r(event.up ? "up" : "down") }); break;
      case "use-ivory": params.tile = event.code; break;
      case "no-progress": params.rounds = event.rounds; break;
      default: break;
    }
    for (const key of RR_COPIED) if (key in event && !(key in params)) params[key] = event[key];
    return r(`ev_${RR_RENAMED[event.type] || event.type}`, params);
  };
  // a turn's end says why it ended: a teleport, the camp, or the player's own choice
  const lines = [];
  let turn = [];
  for (const event of history) {
    if (event.type === "turn") turn = [];
    turn.push(event);
    let text;
    if (event.type === "end") {
      const player = name(event.seat);
      const moves = turn.filter((e) => e.type === "move");
      const last = moves.length ? moves[moves.length - 1].route : null;
      if (turn.some((e) => e.type === "teleport")) text = r("ev_end_teleport", { player });
      else if (last && last.length && last[last.length - 1] === "CAMP") text = r("ev_end_camp", { player });
      else text = r("ev_end", { player });
    } else {
      text = line(event);
    }
    if (text) lines.push(text);
  }
  return lines;
}

const WRITERS = { diamant, tschak, "relic-runners": relicRunners };

export function transcript(game, history, view, t, name) {
  const write = WRITERS[game];
  return write ? write(history || [], view || {}, t, name) : [];
}
