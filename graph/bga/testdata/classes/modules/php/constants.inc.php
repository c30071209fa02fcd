<?php

/**
 * The state ids of tiny, written by Rule Studio. BGA includes this file by itself.
 */

const ST_TURN = 10;
