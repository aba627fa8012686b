/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "mahjong-claim.h"

/* Seat 2 discards among four: 3, 0 and 1 are asked, in that order. */
static void
test_claim_asked (void)
{
  MahjongClaimWindow w;

  mahjong_claim_open (&w, 4, 2, 13);
  g_assert_cmphex (mahjong_claim_waiting (&w), ==, 0xb);
  g_assert_cmpuint (mahjong_claim_seat_after (&w, 1), ==, 3);
  g_assert_cmpuint (mahjong_claim_seat_after (&w, 2), ==, 0);
  g_assert_cmpuint (mahjong_claim_seat_after (&w, 3), ==, 1);
  g_assert_false (mahjong_claim_answer (&w, 0, MAHJONG_ANSWER_PASS, 0));
  g_assert_cmphex (mahjong_claim_waiting (&w), ==, 0xa);
  g_assert_false (mahjong_claim_answer (&w, 3, MAHJONG_ANSWER_PASS, 0));
  g_assert_true (mahjong_claim_answer (&w, 1, MAHJONG_ANSWER_PASS, 0));
  g_assert_cmphex (mahjong_claim_waiting (&w), ==, 0);

  mahjong_claim_open (&w, 2, 1, 27);
  g_assert_cmphex (mahjong_claim_waiting (&w), ==, 0x1);
  mahjong_claim_close (&w);
  g_assert_cmphex (mahjong_claim_waiting (&w), ==, 0);
}

static void
answer_all (MahjongClaimWindow  *w,
            const MahjongAnswer *answers,
            MahjongClaimWins     wins,
            MahjongClaimResult  *r)
{
  for (guint s = 0; s < w->n_seats; s++)
    if (s != w->from)
      mahjong_claim_answer (w, s, answers[s], answers[s] == MAHJONG_ANSWER_CHOW ? 11 : 0);
  mahjong_claim_resolve (w, wins, r);
}

/* A win over a pung or kong over a chow; seats in order from the discarder. */
static void
test_claim_priority (void)
{
  static const struct
  {
    guint            n_seats, from;
    MahjongAnswer    answers[5];
    MahjongClaimWins wins;
    MahjongAnswer    claim;
    guint            seat;
    guint32          winners;
  } cases[] = {
    { 4, 0, { 0, MAHJONG_ANSWER_PASS, MAHJONG_ANSWER_PASS, MAHJONG_ANSWER_PASS },
      MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_PASS, 0, 0 },
    { 4, 0, { 0, MAHJONG_ANSWER_CHOW, MAHJONG_ANSWER_PUNG, MAHJONG_ANSWER_PASS },
      MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_PUNG, 2, 0 },
    { 4, 0, { 0, MAHJONG_ANSWER_CHOW, MAHJONG_ANSWER_PASS, MAHJONG_ANSWER_PASS },
      MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_CHOW, 1, 0 },
    { 4, 0, { 0, MAHJONG_ANSWER_KONG, MAHJONG_ANSWER_PASS, MAHJONG_ANSWER_WIN },
      MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_WIN, 3, 0x8 },
    /* head bump: of 0 and 2, seat 0 comes first after discarder 3 */
    { 4, 3, { MAHJONG_ANSWER_WIN, MAHJONG_ANSWER_PUNG, MAHJONG_ANSWER_WIN, 0 },
      MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_WIN, 0, 0x1 },
    { 4, 1, { MAHJONG_ANSWER_WIN, 0, MAHJONG_ANSWER_PASS, MAHJONG_ANSWER_WIN },
      MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_WIN, 3, 0x8 },
    /* every win: all of them, the first one named */
    { 5, 1, { MAHJONG_ANSWER_WIN, 0, MAHJONG_ANSWER_PASS, MAHJONG_ANSWER_WIN, MAHJONG_ANSWER_WIN },
      MAHJONG_CLAIM_EVERY_WIN, MAHJONG_ANSWER_WIN, 3, 0x19 },
    /* two pungs cannot both stand: the first from the discarder takes it */
    { 4, 2, { MAHJONG_ANSWER_KONG, MAHJONG_ANSWER_PASS, 0, MAHJONG_ANSWER_PUNG },
      MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_PUNG, 3, 0 },
    /* a chow only from the next seat */
    { 4, 0, { 0, MAHJONG_ANSWER_PASS, MAHJONG_ANSWER_CHOW, MAHJONG_ANSWER_PASS },
      MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_PASS, 0, 0 },
    { 2, 0, { 0, MAHJONG_ANSWER_PUNG }, MAHJONG_CLAIM_HEAD_BUMP, MAHJONG_ANSWER_PUNG, 1, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MahjongClaimWindow w;
      MahjongClaimResult r;

      mahjong_claim_open (&w, cases[i].n_seats, cases[i].from, 12);
      answer_all (&w, cases[i].answers, cases[i].wins, &r);
      g_test_message ("case %u", i);
      g_assert_cmpint (r.claim, ==, cases[i].claim);
      if (cases[i].claim != MAHJONG_ANSWER_PASS)
        g_assert_cmpuint (r.seat, ==, cases[i].seat);
      g_assert_cmphex (r.winners, ==, cases[i].winners);
      if (r.claim == MAHJONG_ANSWER_CHOW)
        g_assert_cmpuint (r.chow_low, ==, 11);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mahjong/claim/asked", test_claim_asked);
  g_test_add_func ("/mahjong/claim/priority", test_claim_priority);
  return g_test_run ();
}
