# Diamant: the board, the actions, the results and the public story.

diamant-title = Diamant
diamant-round = Round { $round } of { $rounds }
diamant-deck = Deck: { $size ->
    [one] { $size } card
   *[other] { $size } cards
}
diamant-barricades = Rounds played: { $tiles } (· still to come)
diamant-next_relic = next rescued relic is worth { $value }
diamant-path = Path
diamant-path_empty = (no card yet)
diamant-path_gems = rubies on the path: { $gems }
diamant-seat = Seat
diamant-player = Player { $seat }
diamant-status = Status
diamant-pocket = Pocket
diamant-chest = Chest
diamant-relics = Relics
diamant-inside = in the cave
diamant-camp = at camp
diamant-committed = has chosen
diamant-thinking = deciding
diamant-hidden = hidden
diamant-removed = Removed from the game: { $cards }
diamant-relic_pile = Relics still to come: { $cards }
diamant-traps = Traps on the path: { $traps }
diamant-your_choice = Your choice: { $choice }
diamant-continue = continue deeper into the cave
diamant-leave = leave for the camp with your rubies
diamant-score = Score
diamant-winner = Winner
diamant-yes = yes
diamant-card_treasure = { $rubies ->
    [one] { $rubies } ruby
   *[other] { $rubies } rubies
}
diamant-card_relic = relic
diamant-card_relic_value = relic { $value }
diamant-trap_spiders = spiders
diamant-trap_snakes = snakes
diamant-trap_lava = lava
diamant-trap_boulders = boulders
diamant-trap_rams = battering rams
diamant-second_trap_spiders = A second spider trap!
diamant-second_trap_snakes = A second snake trap!
diamant-second_trap_lava = A second lava trap!
diamant-second_trap_boulders = A second boulder trap!
diamant-second_trap_rams = A second battering-ram trap!
diamant-list_two = { $first } and { $last }
diamant-ev_round = — Round { $round } —
diamant-ev_reveal_treasure = Revealed { $rubies ->
    [one] { $rubies } ruby
   *[other] { $rubies } rubies
}: { $share ->
    [one] { $share } each
   *[other] { $share } each
} for the explorers inside
diamant-ev_reveal = Revealed { $card }
diamant-ev_choices_none = Everybody goes on
diamant-ev_leave_share = { $count ->
    [one] { $seats } left: { $share ->
        [one] { $share } ruby
       *[other] { $share } rubies
    } from the path
   *[other] { $seats } left: { $share ->
        [one] { $share } ruby
       *[other] { $share } rubies
    } each from the path
}
diamant-ev_leave_share_relics = { $seats } left: { $share ->
    [one] { $share } ruby
   *[other] { $share } rubies
} from the path, and takes { $relic_count ->
    [one] the relic { $relics }
   *[other] the relics { $relics }
}
diamant-ev_leave_plain = { $seats } left the cave
diamant-ev_leave_relics = { $seats } left the cave and takes { $relic_count ->
    [one] the relic { $relics }
   *[other] the relics { $relics }
}
diamant-ev_round_end_trap = { $second } { $count ->
    [one] { $busted } loses the rubies in their pocket
   *[other] { $busted } lose the rubies in their pockets
}
diamant-ev_round_end_all = Everybody is back at the camp
diamant-ev_lost_relics = { $count ->
    [one] One relic was lost in the cave
   *[other] { $count } relics were lost in the cave
  }
diamant-nobody = nobody
# The words an action starts with, as shown in option lists and typed at the prompt.
diamant-verb-continue = continue
diamant-verb-leave = leave
diamant-aliases = c = continue, l = leave
diamant-rules_relics = This game plays --variant relics: one relic enters the deck each round, and a rescued relic scores its printed value (5, 7, 8, 10, 12 in order of entry), not 5 or 10.
diamant-rules =
    Goal: bring the most rubies (and relics) home to your chest over 5 rounds.

    Each round the explorers enter the cave and cards are turned over one by one.
    • A ruby card is shared equally by everyone still inside; what cannot be shared
      evenly stays on the card, on the path.
    • A trap does nothing the first time. When a second trap of the same kind shows,
      everyone still inside runs out and loses the rubies in their pocket; that trap
      card leaves the game.
    • A relic waits on the path until exactly one explorer leaves alone.

    After every card, everyone inside secretly chooses: continue or leave. All choices
    are shown together. Those who leave split the rubies left on the path (the rest
    stays), put everything from their pocket into their chest, and are safe for the
    round. An explorer who leaves alone also takes the relics on the path: the first
    three rescued are worth 5 points each, the last two 10.

    The round ends when everyone has left or a second trap strikes. The chests are
    closed: only their owner sees them, but every share is announced.
    Ties: the tied players share the win. A relic left on the path at the end of a round is lost.

    Options: --variant relics (one relic per round, scored at its printed value),
    --split per-card (leavers share the rubies card by card).
