/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mahjong"

#include "config.h"

#include <string.h>

#include "mahjong-claim.h"

void
mahjong_claim_open (MahjongClaimWindow *window,
                    guint               n_seats,
                    guint               from,
                    guint               tile)
{
  g_return_if_fail (window != NULL);
  g_return_if_fail (n_seats >= 2 && n_seats <= MAHJONG_CLAIM_MAX_SEATS && from < n_seats);

  window->n_seats = (guint8) n_seats;
  window->from = (guint8) from;
  window->tile = (guint8) tile;
  window->asked = ((1u << n_seats) - 1) & ~(1u << from);
  window->answered = 0;
  memset (window->answer, MAHJONG_ANSWER_NONE, sizeof window->answer);
  memset (window->chow_low, 0, sizeof window->chow_low);
}

void
mahjong_claim_close (MahjongClaimWindow *window)
{
  g_return_if_fail (window != NULL);

  window->asked = window->answered = 0;
}

guint32
mahjong_claim_waiting (const MahjongClaimWindow *window)
{
  g_return_val_if_fail (window != NULL, 0);

  return window->asked & ~window->answered;
}

guint
mahjong_claim_seat_after (const MahjongClaimWindow *window,
                          guint                     k)
{
  g_return_val_if_fail (window != NULL && window->n_seats > 0, 0);

  return (window->from + k) % window->n_seats;
}

gboolean
mahjong_claim_answer (MahjongClaimWindow *window,
                      guint               seat,
                      MahjongAnswer       claim,
                      guint               chow_low)
{
  g_return_val_if_fail (window != NULL, FALSE);
  g_return_val_if_fail (seat < window->n_seats && (window->asked & (1u << seat)), FALSE);
  g_return_val_if_fail (claim != MAHJONG_ANSWER_NONE, FALSE);

  window->answer[seat] = (guint8) claim;
  window->chow_low[seat] = (guint8) chow_low;
  window->answered |= 1u << seat;
  return mahjong_claim_waiting (window) == 0;
}

void
mahjong_claim_resolve (const MahjongClaimWindow *window,
                       MahjongClaimWins          wins,
                       MahjongClaimResult       *result)
{
  guint next;

  g_return_if_fail (window != NULL && result != NULL);

  memset (result, 0, sizeof *result);
  result->claim = MAHJONG_ANSWER_PASS;
  for (guint k = 1; k < window->n_seats; k++)
    {
      guint s = mahjong_claim_seat_after (window, k);

      if (window->answer[s] != MAHJONG_ANSWER_WIN)
        continue;
      if (result->winners == 0)
        {
          result->claim = MAHJONG_ANSWER_WIN;
          result->seat = s;
        }
      result->winners |= 1u << s;
      if (wins == MAHJONG_CLAIM_HEAD_BUMP)
        break;
    }
  if (result->winners != 0)
    return;
  for (guint k = 1; k < window->n_seats; k++)
    {
      guint s = mahjong_claim_seat_after (window, k);

      if (window->answer[s] == MAHJONG_ANSWER_PUNG || window->answer[s] == MAHJONG_ANSWER_KONG)
        {
          result->claim = (MahjongAnswer) window->answer[s];
          result->seat = s;
          return;
        }
    }
  next = mahjong_claim_seat_after (window, 1);
  if (window->answer[next] == MAHJONG_ANSWER_CHOW)
    {
      result->claim = MAHJONG_ANSWER_CHOW;
      result->seat = next;
      result->chow_low = window->chow_low[next];
    }
}
