## Why Relic Runners refuses an action. $seat counts from 0 (the engine's seat), $player from 1.

rr-error-chance = a chance event (a tile or colour being revealed) must be resolved first
rr-error-turn = it is seat { $seat }'s turn
rr-error-first-place = first choose a trail for your pathway (path ...)
rr-error-first-lift = first choose which of your pathways to move (lift ...)
rr-error-first-keep = first choose which ivory tile of that level to keep (keep ...)
rr-error-first-pick = first choose which tile of the stack to take (pick ...)
rr-error-first-target = first choose the adjacent ruin or temple to explore (target ...)
rr-error-first-flip = first choose a toolbox token to flip (flip ...)
rr-error-first-steps = first advance your toolboxes with the steps you earned (step ...)
rr-error-first-start = first choose your starting space (start ...)
rr-error-finish-move = finish your move first: you must move, and stop somewhere other than where you began
rr-error-no-choice = { $action } is not a choice at this point of the turn ({ $phase })
rr-error-move-over = your movement is over for this turn
rr-error-move-over-rule = { rr-error-move-over }: { $rule ->
    [no-trail] { rr-error-no-trail }
    [not-at-end] { rr-error-not-at-end }
    [trail-used] { rr-error-trail-used }
    [own-pathways] { rr-error-own-pathways }
    [one-unexplored] { rr-error-one-unexplored }
    [camp-start] { rr-error-camp-start }
   *[start-end] { rr-error-start-end }
}
rr-error-move-not-now = that move is not allowed now
rr-error-no-trail = there is no trail between { $a } and { $b } on this board
rr-error-not-at-end = your explorer is on { $space }, not at either end of that trail
rr-error-trail-used = each trail may be used only once per turn
rr-error-own-pathways = your own pathways may be used before or after your one unexplored trail, not on both sides of it
rr-error-one-unexplored = you may use only one unexplored trail (one without your pathway) per turn
rr-error-camp-start = entering the camp stops your move, and you may not end where you began
rr-error-start-end = you could not go on from there, and a move may not end where it began
rr-error-stop-over = your movement is already over
rr-error-must-move = you must move: staying where you are is not allowed
rr-error-stop-start = you may not end your move on the space where your turn began
rr-error-explore-after-move = explore after moving: stop your move first
rr-error-explore-once = you may explore only once per turn
rr-error-explore-ration = exploring costs a ration and you have none
rr-error-explore-nothing = there is nothing left to explore here (only ruins and temples with tiles can be explored)
rr-error-ivory-missing = you do not hold the ivory tile { $tile }
rr-error-ivory-not-now = the ivory tile { $tile } cannot be used at this moment
rr-error-toolbox-once = you may use only one toolbox per turn
rr-error-toolbox-mid-move = a toolbox cannot be used in the middle of a move
rr-error-toolbox-missing = you have no toolbox at { $branch } level { $level }
rr-error-toolbox-cannot = that toolbox action cannot be carried out in full here (e.g. no temple tile here, too few pathways on the board, or no toolbox in reserve)
rr-error-no-such-trail = there is no such trail on this board
rr-error-pathway-twice = you already have a pathway on that trail (never two of yours on one trail)
rr-error-pathway-new-trail = a moved pathway must go to a new trail
rr-error-pathway-touching = the pathway must go on a trail touching { $space }
rr-error-choice-lift = you have no pathway there that you may move now
rr-error-choice-keep = keep one of the two ivory tiles of this level: the one you held or the new one
rr-error-pick-top = take the top tile (pick { $tile }) or look through the stack with I2-b (use I2-b)
rr-error-pick-gone = that level is no longer in the stack
rr-error-choice-target = the target must be a ruin or temple with tiles, one trail away (not the camp, not a stack already used by this effect)
rr-error-choice-flip = that token was already flipped by this effect
rr-error-choice-steps = you have no toolbox there that can go up (level 3 is the top)
rr-error-choice-start = that space is not one trail away from the camp
rr-error-jump-tile = jumping needs the ivory tile I2-f
rr-error-jump-first = the I2-f jump replaces the whole move, so it comes before any step
rr-error-jump-where = you may jump only from a temple with tiles to another temple of the same colour that holds no relic
