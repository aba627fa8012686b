/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * A small claim game for the tests of private prompts. Three seats hold
 * hidden cards (values 0–5, two of each). On its turn a seat draws and
 * discards one card; then every other seat that holds the same value may
 * "win", and one holding the next value (mod 6) may "take" it. The seats
 * that may claim are asked at once (claim prompts); when all have answered,
 * a win beats a take, and between equals the first in turn order after the
 * discarder gets it. A taker discards at once, without drawing.
 *
 * Config: `deck=V,V,…` (the 12 cards in dealing order; otherwise shuffled
 * with the seed). Actions: `discard value=V`, `win`, `take`, `pass`.
 * AI levels: "passive" (never claims), "greedy" (claims what it can).
 */
extern const ParlorGameInfo claim_game_info;

G_END_DECLS
