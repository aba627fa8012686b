/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-manhattan"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-game.h"
#include "manhattan-rules.h"

const guint8 manhattan_block_table[MANHATTAN_MAX_BLOCK + 1] = { 0, 11, 6, 4, 3 };

void
manhattan_card_spot (int  seat,
                     int  card_pos,
                     int *row,
                     int *col)
{
  int r, c;

  g_return_if_fail (seat >= 0 && seat < MANHATTAN_N_SEATS);
  g_return_if_fail (card_pos >= 0 && card_pos < MANHATTAN_N_SPOTS);
  g_return_if_fail (row != NULL && col != NULL);

  r = card_pos / 3;
  c = card_pos % 3;
  switch ((ManhattanSeat) seat)
    {
    case MANHATTAN_SOUTH:
      *row = r;
      *col = c;
      break;
    case MANHATTAN_NORTH:
      *row = 2 - r;
      *col = 2 - c;
      break;
    case MANHATTAN_EAST:
      *row = 2 - c;
      *col = r;
      break;
    case MANHATTAN_WEST:
      *row = c;
      *col = 2 - r;
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Storeys the seat needs to add here at least: max(others) - mine (may be <= 0). */
int
manhattan_spot_needed (const guint8 *storeys,
                       int           seat)
{
  int best = 0;

  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    if (i != seat && storeys[i] > best)
      best = storeys[i];

  return best - storeys[seat];
}

gboolean
manhattan_spot_accepts (const guint8 *storeys,
                        int           seat,
                        int           block)
{
  return block >= manhattan_spot_needed (storeys, seat);
}

int
manhattan_spot_height (const guint8 *storeys)
{
  return storeys[0] + storeys[1] + storeys[2] + storeys[3];
}

int
manhattan_next_seat (int seat)
{
  return (seat + 1) % MANHATTAN_N_SEATS;
}

const char *
manhattan_seat_name (int seat)
{
  static const char * const names[] = { N_("North"), N_("East"), N_("South"), N_("West") };

  g_return_val_if_fail (seat >= 0 && seat < MANHATTAN_N_SEATS, "");
  return _(names[seat]);
}

void
manhattan_score_board (const ManhattanBoard *board,
                       ManhattanScore        out[MANHATTAN_N_SEATS])
{
  int tallest = manhattan_tallest_owner (board);

  memset (out, 0, sizeof (ManhattanScore) * MANHATTAN_N_SEATS);
  if (tallest >= 0)
    out[tallest].tallest = 3;

  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      int count[MANHATTAN_N_SEATS] = { 0 };
      int best_seat;

      for (int spot = 0; spot < MANHATTAN_N_SPOTS; spot++)
        if (board->owner[city][spot] >= 0)
          {
            count[board->owner[city][spot]]++;
            out[board->owner[city][spot]].buildings++;
          }
      best_seat = manhattan_majority_of (count);
      if (best_seat >= 0)
        out[best_seat].majority += 2;
    }
}

int
manhattan_majority_of (const int count[MANHATTAN_N_SEATS])
{
  int best = 0, best_seat = -1;

  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    {
      if (count[s] > best)
        {
          best = count[s];
          best_seat = s;
        }
      else if (count[s] == best)
        best_seat = -1;
    }

  return best_seat;
}

/* The owner of the unique tallest building, or -1 (none, or a tie for tallest). */
int
manhattan_tallest_owner (const ManhattanBoard *board)
{
  int best = 0, best_owner = -1;

  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    for (int spot = 0; spot < MANHATTAN_N_SPOTS; spot++)
      {
        int h = manhattan_spot_height (board->storeys[city][spot]);

        if (h == 0)
          continue;
        if (h > best)
          {
            best = h;
            best_owner = board->owner[city][spot];
          }
        else if (h == best)
          best_owner = -1;
      }

  return best_owner;
}

int
manhattan_count_buildings (const ManhattanBoard *board,
                           int                   seat)
{
  int n = 0;

  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    for (int spot = 0; spot < MANHATTAN_N_SPOTS; spot++)
      n += board->owner[city][spot] == seat;

  return n;
}

ManhattanTiebreak
manhattan_rank (const int scores[MANHATTAN_N_SEATS],
                int       tallest_owner,
                const int buildings[MANHATTAN_N_SEATS],
                int       ranks[MANHATTAN_N_SEATS])
{
  gint64 key[MANHATTAN_N_SEATS];
  int top = G_MININT, n_top = 0, n_best_buildings = 0, best_buildings = -1;
  gboolean tallest_in_top = FALSE;

  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    top = MAX (top, scores[s]);
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    {
      key[s] = (gint64) scores[s] * 1000 + (s == tallest_owner ? 100 : 0) + buildings[s];
      if (scores[s] == top)
        {
          n_top++;
          tallest_in_top |= s == tallest_owner;
          if (buildings[s] > best_buildings)
            {
              best_buildings = buildings[s];
              n_best_buildings = 1;
            }
          else if (buildings[s] == best_buildings)
            n_best_buildings++;
        }
    }
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    {
      ranks[s] = 1;
      for (int t = 0; t < MANHATTAN_N_SEATS; t++)
        ranks[s] += key[t] > key[s];
    }

  if (n_top == 1)
    return MANHATTAN_TIEBREAK_NONE;
  if (tallest_in_top)
    return MANHATTAN_TIEBREAK_TALLEST;
  if (n_best_buildings == 1)
    return MANHATTAN_TIEBREAK_BUILDINGS;
  return MANHATTAN_TIEBREAK_SHARED;
}

const char *
manhattan_tiebreak_to_string (ManhattanTiebreak tiebreak)
{
  switch (tiebreak)
    {
    case MANHATTAN_TIEBREAK_NONE:
      return "none";
    case MANHATTAN_TIEBREAK_TALLEST:
      return "tallest";
    case MANHATTAN_TIEBREAK_BUILDINGS:
      return "buildings";
    case MANHATTAN_TIEBREAK_SHARED:
      return "shared";
    default:
      g_assert_not_reached ();
    }
}

int
manhattan_blocks_total (const guint8 counts[MANHATTAN_MAX_BLOCK + 1])
{
  int n = 0;

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    n += counts[b];

  return n;
}

char *
manhattan_blocks_to_string (const guint8 counts[MANHATTAN_MAX_BLOCK + 1])
{
  GString *out = g_string_sized_new (16);

  /* Block sizes are single digits. */
  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    for (int i = 0; i < counts[b]; i++)
      {
        if (out->len > 0)
          g_string_append_c (out, ',');
        g_string_append_c (out, '0' + b);
      }

  return g_string_free (out, FALSE);
}

gboolean
manhattan_blocks_parse (const char  *text,
                        guint8       counts[MANHATTAN_MAX_BLOCK + 1],
                        GError     **error)
{
  g_auto(GStrv) parts = NULL;

  memset (counts, 0, MANHATTAN_MAX_BLOCK + 1);
  if (text == NULL || *text == '\0')
    return TRUE;

  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 b;

      if (!g_ascii_string_to_unsigned (parts[i], 10, 1, MANHATTAN_MAX_BLOCK, &b, NULL) ||
          counts[b] >= 24)
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                       _("“%s” is not a list of block sizes from 1 to 4 storeys"), text);
          return FALSE;
        }
      counts[b]++;
    }

  return TRUE;
}

char *
manhattan_cards_to_string (const guint8 hand[MANHATTAN_N_SPOTS])
{
  GString *out = g_string_new (NULL);

  for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
    for (int i = 0; i < hand[p]; i++)
      {
        if (out->len > 0)
          g_string_append_c (out, ',');
        g_string_append_c (out, '0' + p);
      }

  return g_string_free (out, FALSE);
}

#define AUDIENCE_OTHERS(s) (PARLOR_AUDIENCE_ALL & ~PARLOR_AUDIENCE_SEAT (s))

void
manhattan_state_init (ManhattanState *state,
                      guint64         seed)
{
  g_return_if_fail (state != NULL);

  memset (state, 0, sizeof *state);
  memset (state->board.owner, -1, sizeof state->board.owner);
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    memcpy (state->supply[s], manhattan_block_table, sizeof manhattan_block_table);
  state->phase = MANHATTAN_PHASE_CHOOSE;
  state->round = -1;
  state->turn = -1;
  parlor_rng_init (&state->rng, seed, 0x4d414e48 /* "MANH" */);
}

static void
emit_deck (ManhattanState *state,
           GPtrArray      *events)
{
  GString *deck;

  if (events == NULL)
    return;

  deck = g_string_new (NULL);
  for (int i = state->deck_pos; i < state->deck_len; i++)
    g_string_append_printf (deck, "%s%d", i > state->deck_pos ? "," : "", state->deck[i]);
  parlor_emit (events, 0, "shuffle deck=%s", deck->str);
  g_string_free (deck, TRUE);
}

/* The discard pile becomes the new deck. */
static void
reshuffle (ManhattanState *state,
           GPtrArray      *events)
{
  int n = 0;

  for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
    {
      for (int i = 0; i < state->discard[p]; i++)
        state->deck[n++] = p;
      state->discard[p] = 0;
    }
  state->deck_pos = 0;
  state->deck_len = n;
  parlor_rng_shuffle (&state->rng, state->deck, n, 1);
  parlor_emit (events, PARLOR_AUDIENCE_ALL, "reshuffle cards=%d", n);
  emit_deck (state, events);
}

static void
draw_cards (ManhattanState *state,
            int             seat,
            int             n,
            const char     *type,
            GPtrArray      *events)
{
  guint8 drawn[MANHATTAN_N_SPOTS] = { 0 };
  int got = 0;

  for (int i = 0; i < n; i++)
    {
      int card;

      if (state->deck_pos >= state->deck_len)
        {
          reshuffle (state, events);
          if (state->deck_len == 0)
            break;
        }
      card = state->deck[state->deck_pos++];
      state->hand[seat][card]++;
      drawn[card]++;
      got++;
    }

  if (events != NULL && got > 0)
    {
      g_autofree char *cards = manhattan_cards_to_string (drawn);

      parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "%s seat=%d cards=%s", type, seat, cards);
      parlor_emit (events, AUDIENCE_OTHERS (seat), "%s seat=%d count=%d", type, seat, got);
    }
}

static void
emit_reveal (ManhattanState *state,
             GPtrArray      *events)
{
  g_autofree char *b0 = manhattan_blocks_to_string (state->chosen[0]);
  g_autofree char *b1 = manhattan_blocks_to_string (state->chosen[1]);
  g_autofree char *b2 = manhattan_blocks_to_string (state->chosen[2]);
  g_autofree char *b3 = manhattan_blocks_to_string (state->chosen[3]);

  parlor_emit (events, PARLOR_AUDIENCE_ALL, "reveal blocks0=%s blocks1=%s blocks2=%s blocks3=%s",
               b0, b1, b2, b3);
}

static void
begin_round (ManhattanState *state,
             GPtrArray      *events)
{
  int n = 0;

  state->round++;
  state->start_player = (state->first_player + state->round) % MANHATTAN_N_SEATS;
  state->turn = -1;
  state->chosen_mask = 0;
  state->revealed = FALSE;
  memset (state->hand, 0, sizeof state->hand);
  memset (state->discard, 0, sizeof state->discard);
  for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
    for (int i = 0; i < MANHATTAN_CARDS_PER_SPOT; i++)
      state->deck[n++] = p;
  state->deck_pos = 0;
  state->deck_len = n;
  parlor_rng_shuffle (&state->rng, state->deck, n, 1);

  parlor_emit (events, PARLOR_AUDIENCE_ALL, "round number=%d start=%d",
               state->round + 1, state->start_player);
  emit_deck (state, events);
  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    draw_cards (state, (state->start_player + i) % MANHATTAN_N_SEATS,
                MANHATTAN_HAND_SIZE, "deal", events);

  if (state->round == MANHATTAN_N_ROUNDS - 1)
    {
      /* The last round's blocks are forced: choose them for everybody. */
      for (int s = 0; s < MANHATTAN_N_SEATS; s++)
        {
          g_autofree char *blocks = manhattan_blocks_to_string (state->supply[s]);

          memcpy (state->chosen[s], state->supply[s], sizeof state->chosen[s]);
          memset (state->supply[s], 0, sizeof state->supply[s]);
          parlor_emit (events, PARLOR_AUDIENCE_ALL, "chosen seat=%d blocks=%s forced=1", s, blocks);
        }
      state->chosen_mask = (1 << MANHATTAN_N_SEATS) - 1;
      state->revealed = TRUE;
      emit_reveal (state, events);
      state->phase = MANHATTAN_PHASE_PLAY;
      state->turn = state->start_player;
      manhattan_state_begin_turn (state, events);
    }
  else
    state->phase = MANHATTAN_PHASE_CHOOSE;
}

void
manhattan_state_start (ManhattanState *state,
                       GPtrArray      *events)
{
  g_return_if_fail (state != NULL);
  g_return_if_fail (state->round == -1);

  state->first_player = parlor_rng_below (&state->rng, MANHATTAN_N_SEATS);
  parlor_emit (events, PARLOR_AUDIENCE_ALL, "start first=%d", state->first_player);
  begin_round (state, events);
}

static void
end_game (ManhattanState *state,
          GPtrArray      *events)
{
  int ranks[MANHATTAN_N_SEATS];
  ManhattanTiebreak tiebreak = manhattan_state_ranking (state, ranks);
  GString *winners = g_string_new (NULL);

  state->phase = MANHATTAN_PHASE_OVER;
  state->turn = -1;
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    if (ranks[s] == 1)
      g_string_append_printf (winners, "%s%d", winners->len > 0 ? "," : "", s);
  parlor_emit (events, PARLOR_AUDIENCE_ALL,
               "game-over scores=%d,%d,%d,%d ranks=%d,%d,%d,%d winners=%s tiebreak=%s",
               state->scores[0], state->scores[1], state->scores[2], state->scores[3],
               ranks[0], ranks[1], ranks[2], ranks[3], winners->str,
               manhattan_tiebreak_to_string (tiebreak));
  g_string_free (winners, TRUE);
}

static void
end_round (ManhattanState *state,
           GPtrArray      *events)
{
  ManhattanScore score[MANHATTAN_N_SEATS];

  manhattan_score_board (&state->board, score);
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    {
      int gained = score[s].tallest + score[s].majority + score[s].buildings;

      state->scores[s] += gained;
      parlor_emit (events, PARLOR_AUDIENCE_ALL,
                   "score round=%d seat=%d tallest=%d majority=%d buildings=%d gained=%d total=%d",
                   state->round + 1, s, score[s].tallest, score[s].majority, score[s].buildings,
                   gained, state->scores[s]);
    }

  if (state->round == MANHATTAN_N_ROUNDS - 1)
    end_game (state, events);
  else
    begin_round (state, events);
}

ManhattanTiebreak
manhattan_state_ranking (const ManhattanState *state,
                         int                   ranks[MANHATTAN_N_SEATS])
{
  int buildings[MANHATTAN_N_SEATS];

  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    buildings[s] = manhattan_count_buildings (&state->board, s);

  return manhattan_rank (state->scores, manhattan_tallest_owner (&state->board),
                         buildings, ranks);
}

gboolean
manhattan_state_play_is_legal (const ManhattanState *state,
                               int                   seat,
                               int                   card,
                               int                   city,
                               int                   block)
{
  int row, col;

  if (seat < 0 || seat >= MANHATTAN_N_SEATS || card < 0 || card >= MANHATTAN_N_SPOTS ||
      city < 0 || city >= MANHATTAN_N_CITIES || block < 1 || block > MANHATTAN_MAX_BLOCK)
    return FALSE;
  if (state->hand[seat][card] == 0 || state->chosen[seat][block] == 0)
    return FALSE;
  manhattan_card_spot (seat, card, &row, &col);

  return manhattan_spot_accepts (state->board.storeys[city][row * 3 + col], seat, block);
}

gboolean
manhattan_state_has_legal_play (const ManhattanState *state,
                                int                   seat)
{
  int biggest = 0;

  for (int b = MANHATTAN_MAX_BLOCK; b >= 1 && biggest == 0; b--)
    if (state->chosen[seat][b] > 0)
      biggest = b;
  if (biggest == 0)
    return FALSE;

  for (int card = 0; card < MANHATTAN_N_SPOTS; card++)
    {
      int row, col;

      if (state->hand[seat][card] == 0)
        continue;
      manhattan_card_spot (seat, card, &row, &col);
      for (int city = 0; city < MANHATTAN_N_CITIES; city++)
        if (manhattan_spot_accepts (state->board.storeys[city][row * 3 + col], seat, biggest))
          return TRUE;
    }

  return FALSE;
}

void
manhattan_state_begin_turn (ManhattanState *state,
                            GPtrArray      *events)
{
  int seat = state->turn;

  for (;;)
    {
      int k;

      for (k = 0; k < MANHATTAN_N_SEATS && manhattan_blocks_total (state->chosen[seat]) == 0; k++)
        seat = manhattan_next_seat (seat);
      if (k == MANHATTAN_N_SEATS)
        {
          end_round (state, events);
          return;
        }

      state->turn = seat;
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "turn seat=%d", seat);
      if (manhattan_state_has_legal_play (state, seat))
        return;

      for (int attempt = 1; attempt <= MANHATTAN_MAX_REDRAWS; attempt++)
        {
          if (events != NULL)
            {
              g_autofree char *cards = manhattan_cards_to_string (state->hand[seat]);

              parlor_emit (events, PARLOR_AUDIENCE_ALL, "stuck seat=%d attempt=%d cards=%s",
                           seat, attempt, cards);
            }
          for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
            {
              state->discard[p] += state->hand[seat][p];
              state->hand[seat][p] = 0;
            }
          draw_cards (state, seat, MANHATTAN_HAND_SIZE, "draw", events);
          if (manhattan_state_has_legal_play (state, seat))
            return;
        }

      for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
        if (state->chosen[seat][b] > 0)
          {
            state->chosen[seat][b]--;
            state->set_aside[seat][b]++;
            parlor_emit (events, PARLOR_AUDIENCE_ALL, "set-aside seat=%d block=%d", seat, b);
            break;
          }
      seat = manhattan_next_seat (seat);
    }
}

gboolean
manhattan_state_check_choose (const ManhattanState *state,
                              int                   seat,
                              const guint8          counts[MANHATTAN_MAX_BLOCK + 1],
                              GError              **error)
{
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (counts != NULL, FALSE);

  if (seat < 0 || seat >= MANHATTAN_N_SEATS)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                   _("There is no seat %d at this table"), seat);
      return FALSE;
    }
  if (state->phase != MANHATTAN_PHASE_CHOOSE)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR,
                           state->phase == MANHATTAN_PHASE_OVER ? PARLOR_GAME_ERROR_OVER
                                                                : PARLOR_GAME_ERROR_ILLEGAL,
                           state->phase == MANHATTAN_PHASE_OVER ? _("The game is over")
                                                                : _("Blocks are chosen at the start of a round, not now"));
      return FALSE;
    }
  if (state->chosen_mask & (1 << seat))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("You have already chosen your blocks for this round"));
      return FALSE;
    }
  if (manhattan_blocks_total (counts) != MANHATTAN_BLOCKS_PER_ROUND)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                   _("Choose exactly %d blocks, not %d"), MANHATTAN_BLOCKS_PER_ROUND,
                   manhattan_blocks_total (counts));
      return FALSE;
    }
  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    if (counts[b] > state->supply[seat][b])
      {
        g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                     ngettext ("You have only %d block of %d storeys left",
                               "You have only %d blocks of %d storeys left",
                               state->supply[seat][b]),
                     state->supply[seat][b], b);
        return FALSE;
      }

  return TRUE;
}

void
manhattan_state_choose (ManhattanState *state,
                        int             seat,
                        const guint8    counts[MANHATTAN_MAX_BLOCK + 1],
                        GPtrArray      *events)
{
  g_autofree char *blocks = NULL;

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    {
      state->supply[seat][b] -= counts[b];
      state->chosen[seat][b] = counts[b];
    }
  state->chosen_mask |= 1 << seat;
  if (events != NULL)
    {
      blocks = manhattan_blocks_to_string (counts);
      parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "chosen seat=%d blocks=%s", seat, blocks);
      parlor_emit (events, AUDIENCE_OTHERS (seat), "chosen seat=%d", seat);
    }

  if (state->chosen_mask == (1 << MANHATTAN_N_SEATS) - 1)
    {
      state->revealed = TRUE;
      if (events != NULL)
        emit_reveal (state, events);
      state->phase = MANHATTAN_PHASE_PLAY;
      state->turn = state->start_player;
      manhattan_state_begin_turn (state, events);
    }
}

gboolean
manhattan_state_check_play (const ManhattanState *state,
                            int                   seat,
                            int                   card,
                            int                   city,
                            int                   block,
                            GError              **error)
{
  int row, col, needed;

  g_return_val_if_fail (state != NULL, FALSE);

  if (seat < 0 || seat >= MANHATTAN_N_SEATS)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                   _("There is no seat %d at this table"), seat);
      return FALSE;
    }
  if (card < 0 || card >= MANHATTAN_N_SPOTS || city < 0 || city >= MANHATTAN_N_CITIES ||
      block < 1 || block > MANHATTAN_MAX_BLOCK)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                           _("Cards are 0–8, cities 0–5 and blocks 1–4 storeys"));
      return FALSE;
    }
  if (state->phase == MANHATTAN_PHASE_OVER)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("The game is over"));
      return FALSE;
    }
  if (state->phase == MANHATTAN_PHASE_CHOOSE)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("Choose your blocks for this round first"));
      return FALSE;
    }
  if (state->turn != seat)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not your turn"));
      return FALSE;
    }
  if (state->hand[seat][card] == 0)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("You have no such card in your hand"));
      return FALSE;
    }
  if (state->chosen[seat][block] == 0)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                   ngettext ("You have no %d-storey block left among this round’s blocks",
                             "You have no %d-storey block left among this round’s blocks",
                             block),
                   block);
      return FALSE;
    }
  manhattan_card_spot (seat, card, &row, &col);
  needed = manhattan_spot_needed (state->board.storeys[city][row * 3 + col], seat);
  if (block < needed)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                   ngettext ("You need at least %d storey here",
                             "You need at least %d storeys here", needed),
                   needed);
      return FALSE;
    }

  return TRUE;
}

void
manhattan_state_play (ManhattanState *state,
                      int             seat,
                      int             card,
                      int             city,
                      int             block,
                      GPtrArray      *events)
{
  int row, col, spot;

  manhattan_card_spot (seat, card, &row, &col);
  spot = row * 3 + col;
  state->board.storeys[city][spot][seat] += block;
  state->board.owner[city][spot] = seat;
  state->chosen[seat][block]--;
  state->hand[seat][card]--;
  state->discard[card]++;
  parlor_emit (events, PARLOR_AUDIENCE_ALL,
               "play seat=%d card=%d city=%d block=%d row=%d col=%d height=%d",
               seat, card, city, block, row, col,
               manhattan_spot_height (state->board.storeys[city][spot]));
  draw_cards (state, seat, 1, "draw", events);

  state->turn = manhattan_next_seat (seat);
  manhattan_state_begin_turn (state, events);
}

guint32
manhattan_state_waiting (const ManhattanState *state)
{
  switch (state->phase)
    {
    case MANHATTAN_PHASE_CHOOSE:
      return ((1u << MANHATTAN_N_SEATS) - 1) & ~(guint32) state->chosen_mask;
    case MANHATTAN_PHASE_PLAY:
      return state->turn >= 0 ? PARLOR_AUDIENCE_SEAT (state->turn) : 0;
    case MANHATTAN_PHASE_OVER:
      return 0;
    default:
      g_assert_not_reached ();
    }
}
