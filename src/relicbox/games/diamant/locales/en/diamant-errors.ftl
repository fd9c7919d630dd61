## Why Diamant refuses a choice. $seat counts from 0 (the engine's seat), $player from 1.

diamant-error-left = seat { $seat } has already left the cave this round
diamant-error-reveal-first = the next card must be revealed first
diamant-error-chosen = seat { $seat } has already chosen this step
diamant-error-leavers = cannot read { $leavers } as the leaving seats: give a bit mask, a whole number from 0 up (bit s for seat s)
