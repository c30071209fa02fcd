<?php

/**
 * State ids of tiny, written by Rule Studio.
 */

declare(strict_types=1);

namespace Bga\Games\tiny;

class States
{
    const NEXT = 20;
}
