<?php

/**
 * State ST_TURN of the rule pack "tiny", written by Rule Studio.
 */

declare(strict_types=1);

namespace Bga\Games\tiny\States;

use Bga\GameFramework\StateType;
use Bga\GameFramework\States\GameState;
use Bga\GameFramework\States\PossibleAction;
use Bga\Games\tiny\Game;

class PlayerTurn extends GameState
{
    function __construct(
        protected Game $game,
    ) {
        parent::__construct($game,
            id: ST_TURN,
            type: StateType::ACTIVE_PLAYER,
            name: 'playerTurn',
            description: clienttranslate('${actplayer} must play'),
            descriptionMyTurn: clienttranslate('${you} must play'),
            transitions: ['play' => NextPlayer::class, 'pass' => NextPlayer::class],
        );
    }

    public function getArgs(): array
    {
        // TODO: the data the client needs in this state (was argPlayerTurn).
        return [];
    }

    #[PossibleAction]
    public function actPlay()
    {
        // TODO: check and apply the action (BGA passes arguments by name: int $activePlayerId, array $args, ...).
    }

    #[PossibleAction]
    public function actPass()
    {
        // TODO: check and apply the action (BGA passes arguments by name: int $activePlayerId, array $args, ...).
    }

    public function zombie(int $playerId)
    {
        // TODO: play for a player who left the game.
    }
}
