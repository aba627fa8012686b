/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mcr"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-claim.h"
#include "mahjong-mcr.h"
#include "mahjong-shape.h"
#include "mahjong-wall.h"
#include "mcr-rules.h"
#include "parlor-game.h"
#include "parlor-line.h"

/*
 * Chinese Official mahjong for four seats (rules/mcr-mahjong.md, decisions in
 * docs/rules/mcr-game.md). Seats play in order 0 → 1 → 2 → 3; the seat before
 * you is on your left. The game RNG draws the walls and nothing else, so a seed
 * replayed with the seats rotated deals the same walls.
 */

void
mcr_state_init (McrState *state,
                guint     n_hands,
                guint64   seed)
{
  g_return_if_fail (state != NULL);

  memset (state, 0, sizeof *state);
  state->n_hands = n_hands;
  state->phase = MCR_PHASE_TURN;
  parlor_rng_init (&state->rng, seed, 0x6d6372);
}

void
mcr_state_set_first_wall (McrState          *state,
                          const MahjongTile *tiles)
{
  g_return_if_fail (state != NULL);
  g_return_if_fail (!state->started);

  memcpy (state->first_wall, tiles, MAHJONG_WALL_MAX);
  state->have_first_wall = TRUE;
}

/* ---- helpers --------------------------------------------------------------- */

const char *
mcr_tile_str (guint tile,
              char  buf[3])
{
  if (tile >= MAHJONG_TILE_FLOWER && tile < MAHJONG_N_ALL_KINDS)
    {
      buf[0] = 'f';
      buf[1] = (char) ('1' + tile - MAHJONG_TILE_FLOWER);
      buf[2] = '\0';
      return buf;
    }
  return mahjong_tile_to_string (tile, buf);
}

/* The events write flowers "f1"…"f8". */
static guint
wall_tile_from_string (const char *text)
{
  if (text[0] == 'f' && text[1] >= '1' && text[1] <= '8' && text[2] == '\0')
    return MAHJONG_TILE_FLOWER + (guint) (text[1] - '1');
  return mahjong_tile_from_string (text);
}

static const char *
wall_tile_to_string (guint tile,
                     char  buf[4])
{
  return mcr_tile_str (tile, buf);
}

const MahjongWallRules mcr_wall_rules = {
  MAHJONG_TILE_SET_FULL, wall_tile_from_string, wall_tile_to_string,
};

void
mcr_append_counts (GString      *s,
                   const guint8 *counts)
{
  char buf[3];

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    for (guint k = 0; k < counts[t]; k++)
      g_string_append (s, mcr_tile_str (t, buf));
}

guint
mcr_state_hand_tiles (const McrState *state,
                      guint           seat)
{
  guint n = 0;

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    n += state->counts[seat][t];
  return n;
}

static guint32
all_but (guint seat)
{
  return 0xfu & ~PARLOR_AUDIENCE_SEAT (seat);
}

/* Copies of @tile every seat can see: discards and exposed melds (concealed kongs
 * only for their owner @seat). */
static guint
visible_copies (const McrState *state,
                guint           seat,
                guint           tile)
{
  guint n = 0;

  for (guint s = 0; s < MCR_N_SEATS; s++)
    {
      for (guint i = 0; i < state->n_discards[s]; i++)
        n += state->discards[s][i] == tile;
      for (guint i = 0; i < state->n_melds[s]; i++)
        {
          const MahjongMeld *m = &state->melds[s][i];

          if (m->type == MAHJONG_MELD_CHOW)
            n += tile >= m->tile && tile <= m->tile + 2u;
          else if (m->tile == tile && (m->source != MAHJONG_MELD_CONCEALED || s == seat))
            n += m->type == MAHJONG_MELD_KONG ? 4 : 3;
        }
    }
  return n;
}

static void
build_hand (const McrState *state,
            guint           seat,
            guint           win,
            gboolean        add,
            MahjongHand    *hand)
{
  mahjong_hand_clear (hand);
  memcpy (hand->counts, state->counts[seat], MAHJONG_N_KINDS);
  if (add)
    hand->counts[win]++;
  memcpy (hand->melds, state->melds[seat], sizeof hand->melds);
  hand->n_melds = state->n_melds[seat];
  hand->last_tile = (guint8) win;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    hand->n_concealed += hand->counts[t];
}

/* Scores @seat winning on @win (self-drawn: already in the hand). */
static gboolean
score_win (const McrState *state,
           guint           seat,
           guint           win,
           gboolean        self_drawn,
           gboolean        robbing,
           MahjongHand    *hand,
           McrResult      *res)
{
  McrSituation sit = { 0 };
  guint visible;

  build_hand (state, seat, win, !self_drawn, hand);
  sit.prevalent_wind = (guint8) (state->hand_no / 4 % 4);
  sit.seat_wind = (guint8) ((seat + MCR_N_SEATS - state->dealer) % MCR_N_SEATS);
  sit.flowers = state->flowers[seat];
  if (self_drawn)
    {
      sit.flags |= MCR_WIN_SELF_DRAWN;
      if (state->after_kong)
        sit.flags |= MCR_WIN_KONG_REPLACEMENT;
      if (mahjong_wall_remaining (&state->wall) == 0)
        sit.flags |= MCR_WIN_LAST_TILE_DRAW;
    }
  else if (robbing)
    sit.flags |= MCR_WIN_ROBBING_KONG;
  else if (mahjong_wall_remaining (&state->wall) == 0)
    sit.flags |= MCR_WIN_LAST_TILE_CLAIM;
  /* the claimed discard still lies in its discarder's row: do not count it */
  visible = visible_copies (state, seat, win) - (!self_drawn && !robbing ? 1u : 0u);
  if (robbing)
    visible = 3;
  if (visible == 3 && hand->counts[win] == 1)
    sit.flags |= MCR_WIN_LAST_TILE;
  return mcr_score (hand, &sit, res, NULL);
}

static gboolean
can_win (const McrState *state,
         guint           seat,
         guint           win,
         gboolean        self_drawn,
         gboolean        robbing)
{
  MahjongHand hand;
  McrResult res;

  if (!self_drawn && state->counts[seat][win] >= 4)
    return FALSE;
  return score_win (state, seat, win, self_drawn, robbing, &hand, &res)
         && res.total_without_flowers >= MCR_MIN_FAN;
}

/* ---- the flow of a hand ------------------------------------------------------ */

static void start_hand (McrState *state, GPtrArray *events);
static void draw_for (McrState *state, guint seat, gboolean replacement, GPtrArray *events);

static void
end_match_or_next (McrState  *state,
                   GPtrArray *events)
{
  state->hand_no++;
  state->dealer = (state->dealer + 1) % MCR_N_SEATS;
  if (state->hand_no >= state->n_hands)
    {
      state->phase = MCR_PHASE_OVER;
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "game-over scores=%d,%d,%d,%d", state->scores[0],
                   state->scores[1], state->scores[2], state->scores[3]);
      return;
    }
  start_hand (state, events);
}

static void
reveal_hands (McrState  *state,
              GPtrArray *events)
{
  for (guint s = 0; s < MCR_N_SEATS; s++)
    {
      GString *h = g_string_new (NULL);

      mcr_append_counts (h, state->counts[s]);
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "reveal seat=%u tiles=%s", s, h->str);
      g_string_free (h, TRUE);
    }
}

static void
exhausted (McrState  *state,
           GPtrArray *events)
{
  state->hands_drawn++;
  parlor_emit (events, PARLOR_AUDIENCE_ALL, "exhausted hand=%u", state->hand_no + 1);
  reveal_hands (state, events);
  end_match_or_next (state, events);
}

static void
win (McrState  *state,
     guint      seat,
     guint      tile,
     gboolean   self_drawn,
     gboolean   robbing,
     guint      from,
     GPtrArray *events)
{
  MahjongHand hand;
  McrResult res;
  g_autofree char *text = NULL;
  g_autofree char *fans = NULL;
  g_autofree char *fans_esc = NULL;
  int pay[MCR_N_SEATS] = { 0 };
  char buf[3];
  gboolean ok;

  ok = score_win (state, seat, tile, self_drawn, robbing, &hand, &res);
  g_assert (ok);
  text = mahjong_hand_to_string (&hand);
  fans = mcr_result_to_string (&res);
  fans_esc = parlor_line_escape (fans);
  for (guint s = 0; s < MCR_N_SEATS; s++)
    if (s != seat)
      {
        int p = self_drawn || s == from ? 8 + res.total : 8;

        pay[s] = -p;
        pay[seat] += p;
      }
  for (guint s = 0; s < MCR_N_SEATS; s++)
    state->scores[s] += pay[s];
  state->wins[seat]++;
  if (self_drawn)
    state->self_drawn_wins[seat]++;
  else
    state->deal_ins[from]++;
  if (robbing)
    {
      /* the robbed kong goes back to a pung */
      for (guint i = 0; i < state->n_melds[from]; i++)
        if (state->melds[from][i].type == MAHJONG_MELD_KONG
            && state->melds[from][i].source == MAHJONG_MELD_ADDED
            && state->melds[from][i].tile == tile)
          {
            state->melds[from][i].type = MAHJONG_MELD_PUNG;
            state->melds[from][i].source = MAHJONG_MELD_CLAIMED;
          }
    }
  else if (!self_drawn)
    state->n_discards[from]--;
  parlor_emit (events, PARLOR_AUDIENCE_ALL,
               "hu seat=%u tile=%s %s%u hand=%s fan=%d fans=%s%s pay=%d,%d,%d,%d "
               "scores=%d,%d,%d,%d", seat, mcr_tile_str (tile, buf), self_drawn ? "self=" : "from=",
               self_drawn ? 1u : from, text, res.total, fans_esc, robbing ? " robbing=1" : "",
               pay[0], pay[1], pay[2], pay[3], state->scores[0], state->scores[1], state->scores[2],
               state->scores[3]);
  if (!self_drawn)
    state->counts[seat][tile]++;
  reveal_hands (state, events);
  end_match_or_next (state, events);
}

/* Sets flowers aside as long as the seat holds one; returns FALSE on an empty wall. */
static gboolean
take_tile (McrState  *state,
           guint      seat,
           gboolean   replacement,
           guint8    *out,
           GPtrArray *events)
{
  MahjongTile t;

  for (;;)
    {
      gboolean ok = replacement ? mahjong_wall_draw_replacement (&state->wall, &t)
                                : mahjong_wall_draw (&state->wall, &t);
      char buf[3];

      if (!ok)
        return FALSE;
      if (t < MAHJONG_N_KINDS)
        {
          *out = t;
          return TRUE;
        }
      state->flowers[seat]++;
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "flower seat=%u tile=%s count=%u", seat,
                   mcr_tile_str (t, buf), state->flowers[seat]);
      replacement = TRUE;
    }
}

static void
draw_for (McrState  *state,
          guint      seat,
          gboolean   replacement,
          GPtrArray *events)
{
  guint8 t;
  char buf[3];

  if (!take_tile (state, seat, replacement, &t, events))
    {
      exhausted (state, events);
      return;
    }
  state->counts[seat][t]++;
  state->phase = MCR_PHASE_TURN;
  state->turn = seat;
  state->drawn = t;
  state->after_kong = replacement;
  parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "draw seat=%u tile=%s%s wall=%u", seat,
               mcr_tile_str (t, buf), replacement ? " replacement=1" : "",
               mahjong_wall_remaining (&state->wall));
  parlor_emit (events, all_but (seat), "draw seat=%u%s wall=%u", seat,
               replacement ? " replacement=1" : "", mahjong_wall_remaining (&state->wall));
}

static void
start_hand (McrState  *state,
            GPtrArray *events)
{
  static const char winds[] = "ESWN";

  mahjong_wall_init (&state->wall, MAHJONG_TILE_SET_FULL, &state->rng);
  if (state->hand_no == 0 && state->have_first_wall)
    memcpy (state->wall.tiles, state->first_wall, MAHJONG_WALL_MAX);
  mahjong_wall_add_event (events, &state->wall, &mcr_wall_rules);
  memset (state->counts, 0, sizeof state->counts);
  memset (state->n_melds, 0, sizeof state->n_melds);
  memset (state->flowers, 0, sizeof state->flowers);
  memset (state->n_discards, 0, sizeof state->n_discards);
  mahjong_claim_close (&state->claim);
  state->after_kong = FALSE;

  parlor_emit (events, PARLOR_AUDIENCE_ALL, "hand number=%u of=%u dealer=%u prevalent=%c",
               state->hand_no + 1, state->n_hands, state->dealer, winds[state->hand_no / 4 % 4]);
  /* 13 tiles each from the dealer on, flowers replaced after the whole deal */
  for (guint k = 0; k < MCR_N_SEATS; k++)
    {
      guint s = (state->dealer + k) % MCR_N_SEATS;

      for (guint i = 0; i < 13; i++)
        {
          MahjongTile t;

          mahjong_wall_draw (&state->wall, &t);
          if (t < MAHJONG_N_KINDS)
            state->counts[s][t]++;
          else
            {
              state->flowers[s]++;
              parlor_emit (events, PARLOR_AUDIENCE_ALL, "flower seat=%u tile=f%u count=%u", s,
                           (guint) (t - MAHJONG_TILE_FLOWER + 1), state->flowers[s]);
            }
        }
    }
  for (guint k = 0; k < MCR_N_SEATS; k++)
    {
      guint s = (state->dealer + k) % MCR_N_SEATS;
      GString *h;

      while (mcr_state_hand_tiles (state, s) < 13)
        {
          guint8 t;

          if (!take_tile (state, s, TRUE, &t, events))
            g_assert_not_reached ();
          state->counts[s][t]++;
        }
      h = g_string_new (NULL);
      mcr_append_counts (h, state->counts[s]);
      parlor_emit (events, PARLOR_AUDIENCE_SEAT (s), "deal seat=%u tiles=%s", s, h->str);
      parlor_emit (events, all_but (s), "deal seat=%u count=13", s);
      g_string_free (h, TRUE);
    }
  draw_for (state, state->dealer, FALSE, events);
}

static void
open_window (McrState *state,
             McrPhase  phase,
             guint     from,
             guint     tile)
{
  state->phase = phase;
  mahjong_claim_open (&state->claim, MCR_N_SEATS, from, tile);
}

static void
add_meld (McrState *state,
          guint     seat,
          guint     type,
          guint     tile,
          guint     source,
          guint     from,
          guint     claimed)
{
  MahjongMeld *m = &state->melds[seat][state->n_melds[seat]++];

  m->type = (guint8) type;
  m->tile = (guint8) tile;
  m->source = (guint8) source;
  m->from = (guint8) (from == MCR_N_SEATS ? 0 : (seat + MCR_N_SEATS - from) % MCR_N_SEATS);
  m->claimed = (guint8) claimed;
}

static void
resolve_claims (McrState  *state,
                GPtrArray *events)
{
  guint from = state->claim.from, tile = state->claim.tile;
  MahjongClaimResult r;
  guint s;
  char buf[3];

  /* several wins: the first seat after the discarder takes the tile */
  mahjong_claim_resolve (&state->claim, MAHJONG_CLAIM_HEAD_BUMP, &r);
  s = r.seat;
  if (r.claim == MAHJONG_ANSWER_WIN)
    {
      win (state, s, tile, FALSE, state->phase == MCR_PHASE_ROB, from, events);
      return;
    }
  if (state->phase == MCR_PHASE_ROB)
    {
      /* nobody robbed: the kong stands, its owner draws a replacement */
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "kong seat=%u tile=%s added=1", from,
                   mcr_tile_str (tile, buf));
      draw_for (state, from, TRUE, events);
      return;
    }
  if (r.claim == MAHJONG_ANSWER_KONG || r.claim == MAHJONG_ANSWER_PUNG)
    {
      gboolean kong = r.claim == MAHJONG_ANSWER_KONG;

      state->n_discards[from]--;
      state->counts[s][tile] -= kong ? 3 : 2;
      add_meld (state, s, kong ? MAHJONG_MELD_KONG : MAHJONG_MELD_PUNG, tile,
                MAHJONG_MELD_CLAIMED, from, tile);
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "%s seat=%u tile=%s from=%u",
                   kong ? "kong" : "pung", s, mcr_tile_str (tile, buf), from);
      if (kong)
        draw_for (state, s, TRUE, events);
      else
        {
          state->phase = MCR_PHASE_TURN;
          state->turn = s;
          state->drawn = MAHJONG_NO_TILE;
          state->after_kong = FALSE;
        }
      return;
    }
  if (r.claim == MAHJONG_ANSWER_CHOW)
    {
      guint low = r.chow_low;

      state->n_discards[from]--;
      for (guint t = low; t < low + 3; t++)
        if (t != tile)
          state->counts[s][t]--;
      add_meld (state, s, MAHJONG_MELD_CHOW, low, MAHJONG_MELD_CLAIMED, from, tile);
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "chow seat=%u tile=%s low=%s from=%u", s,
                   mcr_tile_str (tile, buf), mahjong_tile_to_string (low, (char[3]) { 0 }), from);
      state->phase = MCR_PHASE_TURN;
      state->turn = s;
      state->drawn = MAHJONG_NO_TILE;
      state->after_kong = FALSE;
      return;
    }
  /* everybody passed */
  draw_for (state, (from + 1) % MCR_N_SEATS, FALSE, events);
}

/* ---- legality ------------------------------------------------------------------ */

static gboolean
chow_ok (const McrState *state,
         guint           seat,
         guint           low)
{
  guint tile = state->claim.tile;

  if (low >= 27 || low % 9 > 6 || tile < low || tile > low + 2)
    return FALSE;
  for (guint t = low; t < low + 3; t++)
    if (t != tile && state->counts[seat][t] == 0)
      return FALSE;
  return TRUE;
}

static gboolean
claim_legal (const McrState  *state,
             guint            seat,
             MahjongAnswer    answer,
             guint            low,
             GError         **error)
{
  guint tile = state->claim.tile;
  gboolean last = mahjong_wall_remaining (&state->wall) == 0;

  if (answer == MAHJONG_ANSWER_PASS)
    return TRUE;
  if (answer == MAHJONG_ANSWER_WIN)
    {
      if (!can_win (state, seat, tile, FALSE, state->phase == MCR_PHASE_ROB))
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                       _("This tile does not complete a winning hand of at least %d fan "
                         "(flowers not counted)"), MCR_MIN_FAN);
          return FALSE;
        }
      return TRUE;
    }
  if (state->phase == MCR_PHASE_ROB)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("A tile added to a kong can only be robbed for a win"));
      return FALSE;
    }
  if (last)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("The wall is empty: the last discard can only be claimed for a win"));
      return FALSE;
    }
  if (answer == MAHJONG_ANSWER_KONG && state->counts[seat][tile] < 3)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("A kong needs three of the tile in your hand"));
      return FALSE;
    }
  if (answer == MAHJONG_ANSWER_PUNG && state->counts[seat][tile] < 2)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("A pung needs two of the tile in your hand"));
      return FALSE;
    }
  if (answer == MAHJONG_ANSWER_CHOW)
    {
      if (seat != mahjong_claim_seat_after (&state->claim, 1))
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                               _("You can chow only the discard of the player on your left"));
          return FALSE;
        }
      if (!chow_ok (state, seat, low))
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                               _("You do not hold the two other tiles of that chow"));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
has_pung (const McrState *state,
          guint           seat,
          guint           tile)
{
  for (guint i = 0; i < state->n_melds[seat]; i++)
    if (state->melds[seat][i].type == MAHJONG_MELD_PUNG && state->melds[seat][i].tile == tile)
      return TRUE;
  return FALSE;
}

static gboolean
kong_legal (const McrState  *state,
            guint            seat,
            guint            tile,
            GError         **error)
{
  if (state->drawn == MAHJONG_NO_TILE)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("After a claim, discard: a kong is declared after a draw"));
      return FALSE;
    }
  if (mahjong_wall_remaining (&state->wall) == 0)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("The wall is empty: no replacement tile for a kong"));
      return FALSE;
    }
  if (state->counts[seat][tile] == 4 || (state->counts[seat][tile] >= 1 && has_pung (state, seat, tile)))
    return TRUE;
  g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                       _("A kong needs four of the tile, or one added to your pung"));
  return FALSE;
}

/* ---- the interface ------------------------------------------------------------ */

void
mcr_state_start (McrState  *state,
                 GPtrArray *events)
{
  g_return_if_fail (state != NULL);
  g_return_if_fail (!state->started);

  state->started = TRUE;
  parlor_emit (events, PARLOR_AUDIENCE_ALL, "start hands=%u", state->n_hands);
  start_hand (state, events);
}

guint32
mcr_state_waiting (const McrState *state)
{
  if (!state->started || state->phase == MCR_PHASE_OVER)
    return 0;
  if (state->phase == MCR_PHASE_TURN)
    return PARLOR_AUDIENCE_SEAT (state->turn);
  return mahjong_claim_waiting (&state->claim);
}

GPtrArray *
mcr_state_legal_actions (const McrState *state,
                         guint           seat)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
  char buf[3];

  g_return_val_if_fail (state != NULL, actions);

  if (seat >= MCR_N_SEATS || !(mcr_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    return actions;
  if (state->phase == MCR_PHASE_TURN)
    {
      if (state->drawn != MAHJONG_NO_TILE && can_win (state, seat, state->drawn, TRUE, FALSE))
        g_ptr_array_add (actions, g_strdup ("hu"));
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        if (state->counts[seat][t] > 0 && kong_legal (state, seat, t, NULL))
          g_ptr_array_add (actions, g_strdup_printf ("kong tile=%s", mcr_tile_str (t, buf)));
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        if (state->counts[seat][t] > 0)
          g_ptr_array_add (actions, g_strdup_printf ("discard tile=%s", mcr_tile_str (t, buf)));
      return actions;
    }
  g_ptr_array_add (actions, g_strdup ("pass"));
  if (claim_legal (state, seat, MAHJONG_ANSWER_WIN, 0, NULL))
    g_ptr_array_add (actions, g_strdup ("hu"));
  if (claim_legal (state, seat, MAHJONG_ANSWER_KONG, 0, NULL))
    g_ptr_array_add (actions, g_strdup ("kong"));
  if (claim_legal (state, seat, MAHJONG_ANSWER_PUNG, 0, NULL))
    g_ptr_array_add (actions, g_strdup ("pung"));
  for (guint low = 0; low < 27; low++)
    if (claim_legal (state, seat, MAHJONG_ANSWER_CHOW, low, NULL))
      g_ptr_array_add (actions, g_strdup_printf ("chow tile=%s", mcr_tile_str (low, buf)));
  return actions;
}

static gboolean
read_tile (const ParlorLine  *line,
           guint             *tile,
           GError           **error)
{
  const char *text = parlor_line_get (line, "tile");

  *tile = text != NULL ? mahjong_tile_from_string (text) : MAHJONG_NO_TILE;
  if (*tile >= MAHJONG_N_KINDS)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                           _("Name a tile, e.g. “tile=5p” or “tile=E”"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
apply_turn (McrState    *state,
            guint        seat,
            const char  *type,
            ParlorLine  *line,
            GPtrArray   *events,
            GError     **error)
{
  guint tile;
  char buf[3];

  if (g_str_equal (type, "hu"))
    {
      if (state->drawn == MAHJONG_NO_TILE || !can_win (state, seat, state->drawn, TRUE, FALSE))
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                       _("This is not a winning hand of at least %d fan (flowers not counted)"),
                       MCR_MIN_FAN);
          return FALSE;
        }
      win (state, seat, state->drawn, TRUE, FALSE, seat, events);
      return TRUE;
    }
  if (g_str_equal (type, "discard"))
    {
      if (!read_tile (line, &tile, error))
        return FALSE;
      if (state->counts[seat][tile] == 0)
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                       _("You do not hold %s"), mcr_tile_str (tile, buf));
          return FALSE;
        }
      state->counts[seat][tile]--;
      state->discards[seat][state->n_discards[seat]++] = (guint8) tile;
      state->after_kong = FALSE;
      state->drawn = MAHJONG_NO_TILE;
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "discard seat=%u tile=%s", seat,
                   mcr_tile_str (tile, buf));
      open_window (state, MCR_PHASE_CLAIM, seat, tile);
      return TRUE;
    }
  if (g_str_equal (type, "kong"))
    {
      if (!read_tile (line, &tile, error) || !kong_legal (state, seat, tile, error))
        return FALSE;
      if (state->counts[seat][tile] == 4)
        {
          state->counts[seat][tile] = 0;
          add_meld (state, seat, MAHJONG_MELD_KONG, tile, MAHJONG_MELD_CONCEALED, MCR_N_SEATS,
                    MAHJONG_NO_TILE);
          parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "kong seat=%u tile=%s concealed=1",
                       seat, mcr_tile_str (tile, buf));
          parlor_emit (events, all_but (seat), "kong seat=%u concealed=1", seat);
          draw_for (state, seat, TRUE, events);
          return TRUE;
        }
      /* an added kong: the others may rob it first */
      state->counts[seat][tile]--;
      for (guint i = 0; i < state->n_melds[seat]; i++)
        if (state->melds[seat][i].type == MAHJONG_MELD_PUNG && state->melds[seat][i].tile == tile)
          {
            state->melds[seat][i].type = MAHJONG_MELD_KONG;
            state->melds[seat][i].source = MAHJONG_MELD_ADDED;
          }
      state->drawn = MAHJONG_NO_TILE;
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "add-kong seat=%u tile=%s", seat,
                   mcr_tile_str (tile, buf));
      open_window (state, MCR_PHASE_ROB, seat, tile);
      return TRUE;
    }
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("On your turn: “discard tile=…”, “kong tile=…” or “hu”, not “%s”"), type);
  return FALSE;
}

static gboolean
apply_claim (McrState    *state,
             guint        seat,
             const char  *type,
             ParlorLine  *line,
             GPtrArray   *events,
             GError     **error)
{
  MahjongAnswer a;
  guint low = 0;
  gboolean done;

  if (g_str_equal (type, "pass"))
    a = MAHJONG_ANSWER_PASS;
  else if (g_str_equal (type, "hu"))
    a = MAHJONG_ANSWER_WIN;
  else if (g_str_equal (type, "kong"))
    a = MAHJONG_ANSWER_KONG;
  else if (g_str_equal (type, "pung"))
    a = MAHJONG_ANSWER_PUNG;
  else if (g_str_equal (type, "chow"))
    {
      a = MAHJONG_ANSWER_CHOW;
      if (!read_tile (line, &low, error))
        return FALSE;
    }
  else
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                   _("Answer the discard with “pass”, “chow tile=…”, “pung”, “kong” or “hu”, "
                     "not “%s”"), type);
      return FALSE;
    }
  if (!claim_legal (state, seat, a, low, error))
    return FALSE;
  done = mahjong_claim_answer (&state->claim, seat, a, low);
  parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "answered seat=%u", seat);
  if (done)
    resolve_claims (state, events);
  return TRUE;
}

gboolean
mcr_state_apply (McrState    *state,
                 guint        seat,
                 const char  *action,
                 GPtrArray   *events,
                 GError     **error)
{
  g_autoptr(ParlorLine) line = NULL;

  if (!state->started || state->phase == MCR_PHASE_OVER)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("The match is not being played"));
      return FALSE;
    }
  if (seat >= MCR_N_SEATS || !(mcr_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not your turn"));
      return FALSE;
    }
  line = parlor_game_parse_action (action, error);
  if (line == NULL)
    return FALSE;
  if (state->phase == MCR_PHASE_TURN)
    return apply_turn (state, seat, parlor_line_get_type (line), line, events, error);
  return apply_claim (state, seat, parlor_line_get_type (line), line, events, error);
}

char *
mcr_state_result_line (const McrState *state)
{
  int ranks[MCR_N_SEATS];

  if (state->phase != MCR_PHASE_OVER)
    return NULL;
  for (guint s = 0; s < MCR_N_SEATS; s++)
    {
      ranks[s] = 1;
      for (guint o = 0; o < MCR_N_SEATS; o++)
        ranks[s] += state->scores[o] > state->scores[s];
    }
  return g_strdup_printf ("result scores=%d,%d,%d,%d ranks=%d,%d,%d,%d wins=%u,%u,%u,%u "
                          "deal_ins=%u,%u,%u,%u self_drawn=%u,%u,%u,%u drawn=%u hands=%u",
                          state->scores[0], state->scores[1], state->scores[2], state->scores[3],
                          ranks[0], ranks[1], ranks[2], ranks[3], state->wins[0], state->wins[1],
                          state->wins[2], state->wins[3], state->deal_ins[0], state->deal_ins[1],
                          state->deal_ins[2], state->deal_ins[3], state->self_drawn_wins[0],
                          state->self_drawn_wins[1], state->self_drawn_wins[2],
                          state->self_drawn_wins[3], state->hands_drawn, state->n_hands);
}

char *
mcr_state_default_action (const McrState *state,
                          guint           seat)
{
  char buf[3];

  if (seat >= MCR_N_SEATS || !(mcr_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    return NULL;
  if (state->phase != MCR_PHASE_TURN)
    return g_strdup ("pass");
  if (state->drawn != MAHJONG_NO_TILE)
    return g_strdup_printf ("discard tile=%s", mcr_tile_str (state->drawn, buf));
  /* after a claim: the last tile of the sorted hand */
  for (int t = MAHJONG_N_KINDS - 1; t >= 0; t--)
    if (state->counts[seat][t] > 0)
      return g_strdup_printf ("discard tile=%s", mcr_tile_str ((guint) t, buf));
  return NULL;
}

guint
mcr_state_n_seats (const McrState *state)
{
  return MCR_N_SEATS;
}

ParlorPromptKind
mcr_state_prompt_kind (const McrState *state)
{
  return state->phase == MCR_PHASE_CLAIM || state->phase == MCR_PHASE_ROB ? PARLOR_PROMPT_CLAIM
                                                                          : PARLOR_PROMPT_TURN;
}
