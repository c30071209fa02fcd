<?php

/**
 * State States::NEXT of the rule pack "tiny", written by Rule Studio.
 */

declare(strict_types=1);

namespace Bga\Games\tiny\States;

use Bga\GameFramework\StateType;
use Bga\GameFramework\States\GameState;
use Bga\Games\tiny\Game;
use Bga\Games\tiny\States;

class NextPlayer extends GameState
{
    function __construct(
        protected Game $game,
    ) {
        parent::__construct($game,
            id: States::NEXT,
            type: StateType::GAME,
            updateGameProgression: true,
        );
    }

    public function onEnteringState()
    {
        // TODO: what the game does when it enters this state (was stNextPlayer).
        $next = null; // TODO: where the game goes next
        if ($next === 'PlayerTurn') {
            return PlayerTurn::class;
        }
        return 99;
    }
}
