/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "parlor-application.h"
#include "parlor-host-window.h"
#include "parlor-join-window.h"
#include "parlor-line.h"
#include "parlor-window.h"
#include "triad-board-view.h"
#include "triad-hand-view.h"
#include "triad-screen-private.h"
#include "triad-view.h"
#include "ui-test-util.h"

/* The host's window: the first one the app opens. */

/* The message dialog shown over @parent, or NULL. */
static AdwMessageDialog *
find_dialog (GtkWindow *parent)
{
  GListModel *list = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (list, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)) &&
          gtk_window_get_transient_for (window) == parent)
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

typedef struct
{
  ParlorWindow *window;     /* the guest's own Parlor window */
  GtkWidget    *screen;     /* its TriadScreen */
  ParlorClient *client;
  GPtrArray    *lines;      /* every line the guest received after the start */
} Guest;

static void
on_guest_line (ParlorClient *client,
               const char   *text,
               Guest        *guest)
{
  g_ptr_array_add (guest->lines, g_strdup (text));
}

/* After the guest's window has put the game on its screen. */
static void
on_joined (ParlorJoinWindow *join,
           ParlorClient     *client,
           const char       *address,
           Guest            *guest)
{
  guest->screen = parlor_window_get_screen (guest->window);
  guest->client = client;
  g_signal_connect (client, "line-received", G_CALLBACK (on_guest_line), guest);
}

static gboolean
guest_seated (gpointer data)
{
  Guest *guest = data;

  return guest->screen != NULL && parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (TRIAD_SCREEN (guest->screen))) >= 0;
}

static void
set_rule (TriadScreen *screen,
          const char  *name,
          gboolean     wanted)
{
  g_autofree char *action = g_strconcat ("setup.", name, NULL);
  gboolean now;

  g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), name, &now, NULL);
  if (now != wanted)
    g_assert_true (gtk_widget_activate_action (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), action, NULL));
  g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), name, &now, NULL);
  g_assert_cmpint (now, ==, wanted);
}

/* From the Triple Triad setup page with Closed hands and Same only, the
 * setup page's Host LAN Game button; a guest joins; the host starts. */
static TriadScreen *
host_and_join (ParlorWindow *window,
               Guest        *guest,
               const char   *shot_prefix)
{
  TriadScreen *screen;
  ParlorHostWindow *host;
  ParlorJoinWindow *join;
  g_autofree char *address = NULL;

  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = TRIAD_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  g_assert_true (gtk_widget_activate_action (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "setup.hands", "s", "closed"));
  set_rule (screen, "same", TRUE);
  set_rule (screen, "plus", FALSE);
  set_rule (screen, "combo", FALSE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "win.host-lan", NULL));
  host = PARLOR_HOST_WINDOW (ui_test_find_window (PARLOR_TYPE_HOST_WINDOW));
  g_assert_nonnull (host);
  g_assert_cmpuint (parlor_host_window_get_n_players (host), ==, 1);

  /* A second Parlor window joins, as on a friend's computer. */
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Guest", NULL));
  guest->window = parlor_window_new (ui_test_get_app ());
  gtk_window_set_default_size (GTK_WINDOW (guest->window), 1100, 760);
  gtk_window_present (GTK_WINDOW (guest->window));
  parlor_window_show_game (guest->window, "triad");
  join = parlor_window_join_lan (guest->window);
  g_assert_nonnull (join);
  g_signal_connect (join, "started", G_CALLBACK (on_joined), guest);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));
  address = g_strdup_printf ("127.0.0.1:%u", parlor_host_window_get_port (host));
  parlor_join_window_connect (join, address);
  ui_test_wait_for (ui_test_two_players, host);
  if (shot_prefix != NULL)
    {
      g_autofree char *name = g_strconcat (shot_prefix, "-host-waiting", NULL);

      ui_test_screenshot (GTK_WIDGET (host), name);
    }

  g_assert_true (parlor_host_window_start (host));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
  g_assert_true (TRIAD_SCREEN (parlor_window_get_screen (window)) == screen);
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  ui_test_wait_for (guest_seated, guest);
  g_assert_true (TRIAD_IS_SCREEN (guest->screen));
  g_assert_cmpstr (parlor_window_get_page (guest->window), ==, "play");
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (TRIAD_SCREEN (guest->screen))), ==, "play");
  return screen;
}

static gboolean
on_menu_page (gpointer window)
{
  return g_strcmp0 (parlor_window_get_page (PARLOR_WINDOW (window)), "menu") == 0;
}

static void
parse_view (TriadScreen *screen,
            TriadView   *view)
{
  g_autofree char *line = triad_screen_dup_view (screen);

  g_assert_nonnull (line);
  g_assert_true (triad_view_parse (line, view, NULL));
}

/* One move for @screen's player, chosen at random from its view, made with
 * the keyboard's actions: pick a card, walk the cursor, press Enter. */
static gboolean
play_move (TriadScreen *screen,
           GRand       *rand)
{
  TriadBoardView *board = TRIAD_BOARD_VIEW (triad_screen_get_board (screen));
  TriadHandView *hand = TRIAD_HAND_VIEW (triad_screen_get_my_hand (screen));
  int seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen));
  int index, cell, n_free = 0, free_cells[TRIAD_N_CELLS];
  TriadView view;

  if (!triad_screen_is_waiting (screen))
    return FALSE;
  parse_view (screen, &view);
  g_assert_cmpint (view.turn, ==, seat);
  g_assert_true (triad_board_view_get_interactive (board));
  g_assert_cmpuint (triad_hand_view_get_n_cards (hand), ==, view.n_hand[seat]);

  for (int c = 0; c < TRIAD_N_CELLS; c++)
    if (view.owner[c] == TRIAD_EMPTY)
      free_cells[n_free++] = c;
  g_assert_cmpint (n_free, >, 0);
  index = g_rand_int_range (rand, 0, view.n_hand[seat]);
  cell = free_cells[g_rand_int_range (rand, 0, n_free)];

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.card", "i", index));
  g_assert_cmpint (triad_hand_view_get_selected (hand), ==, index);
  while (triad_board_view_get_cursor (board) != cell)
    {
      int at = triad_board_view_get_cursor (board);
      int dx = cell % 3 - at % 3, dy = cell / 3 - at / 3;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.move", "(ii)",
                                                 CLAMP (dx, -1, 1),
                                                 dx != 0 ? 0 : CLAMP (dy, -1, 1)));
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.activate", NULL));
  /* Sent (a guest waits for the host's answer) or applied: no second move. */
  g_assert_false (triad_screen_is_waiting (screen));
  return TRUE;
}

/* A hand field of a view line, as sent: "hand0=…". */
static char *
hand_field (const char *view_line,
            int         seat)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (view_line, NULL);
  g_autofree char *key = g_strdup_printf ("hand%d", seat);

  g_assert_nonnull (line);
  g_assert_true (parlor_line_has (line, key));
  return g_strdup (parlor_line_get (line, key));
}

/* Closed hands: nothing the guest received shows a card of the host's hand. */
static void
assert_host_hand_hidden (Guest *guest,
                         int    host_seat)
{
  g_autofree char *deal = g_strdup_printf ("event deal seat=%d", host_seat);
  guint n_views = 0;

  for (guint i = 0; i < guest->lines->len; i++)
    {
      const char *text = g_ptr_array_index (guest->lines, i);

      g_assert_false (g_str_has_prefix (text, deal));
      if (g_str_has_prefix (text, "view "))
        {
          g_autofree char *hand = hand_field (text + strlen ("view "), host_seat);

          /* "?" per card, "-" once the hand is empty. */
          for (const char *p = hand; *p != '\0'; p++)
            g_assert_true (*p == '?' || *p == ',' || *p == '-');
          n_views++;
        }
    }
  /* A view after the start and after each of the nine moves. */
  g_assert_cmpuint (n_views, >=, 10);
}

/* The button under @widget that activates @action. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *action)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Clicks the button of @dialog that reads @label. */
static void
click (AdwMessageDialog *dialog,
       const char       *label)
{
  GtkWidget *stack[64];
  guint n = 0;

  stack[n++] = GTK_WIDGET (dialog);
  while (n > 0)
    {
      GtkWidget *widget = stack[--n];

      if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
        {
          g_signal_emit_by_name (widget, "clicked");
          return;
        }
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL && n < G_N_ELEMENTS (stack);
           child = gtk_widget_get_next_sibling (child))
        stack[n++] = child;
    }
  g_error ("No button “%s” in the dialog", label);
}

/* The result page's title for @seat, from a count of the final board. */
static const char *
expected_title (const TriadView *view,
                int              seat)
{
  int first_count = 0;

  for (int c = 0; c < TRIAD_N_CELLS; c++)
    if (view->owner[c] == (int) view->first)
      first_count++;
  if (first_count == 5)
    return "Draw";
  return (first_count >= 6) == ((int) view->first == seat) ? "You Win!" : "You Lose";
}

static gboolean
clock_runs (gpointer data)
{
  return *parlor_game_screen_get_clock_text (PARLOR_GAME_SCREEN (data)) != '\0';
}

static void
assert_clock (TriadScreen *screen)
{
  const char *text;

  ui_test_wait_for (clock_runs, screen);
  text = parlor_game_screen_get_clock_text (PARLOR_GAME_SCREEN (screen));
  /* The host's 60-second limit, counting down. */
  g_assert_true (g_str_equal (text, "1:00") || g_str_has_prefix (text, "0:5"));
}

static void
test_whole_game (void)
{
  ParlorWindow *window = ui_test_get_window ();
  Guest guest = { NULL, NULL, NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GRand) rand = g_rand_new_with_seed (7412);
  TriadScreen *host, *other;
  ParlorTable *table;
  GtkWidget *guest_window;
  TriadView view, host_view, guest_view;
  g_autofree char *host_log = NULL;
  g_autofree char *guest_log = NULL;
  g_autofree char *host_deal = NULL;
  g_autofree char *host_again = NULL;
  int host_seat, guest_seat, counted[2] = { 0, 0 };
  gboolean host_clock = FALSE, guest_clock = FALSE, shot_host = FALSE, shot_guest = FALSE;
  guint moves[2] = { 0, 0 };
  gint64 end;

  g_object_set (parlor_application_get_settings (ui_test_get_app ()), "time-limit", 60, NULL);
  host = host_and_join (window, &guest, "triad-lan");
  other = TRIAD_SCREEN (guest.screen);
  guest_window = GTK_WIDGET (guest.window);
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (host));
  g_assert_nonnull (table);
  g_assert_null (parlor_game_screen_get_table (PARLOR_GAME_SCREEN (other)));
  host_seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (host));
  guest_seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (other));
  g_assert_cmpint (host_seat + guest_seat, ==, 1);
  g_assert_cmpint (parlor_table_get_seat_kind (table, guest_seat), ==, PARLOR_SEAT_REMOTE);
  g_assert_true (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (host)));
  g_assert_true (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (other)));

  /* The host's rules, and both see them: Same as Final Fantasy VIII plays it. */
  parse_view (host, &view);
  g_assert_false (view.open);
  g_assert_cmpint (view.rules, ==, TRIAD_RULE_SAME | TRIAD_RULE_FF8);
  parse_view (other, &view);
  g_assert_false (view.open);
  g_assert_cmpint (view.rules, ==, TRIAD_RULE_SAME | TRIAD_RULE_FF8);
  g_assert_cmpstr (triad_screen_get_rules_text (host), ==, "Closed hands · Same");
  g_assert_cmpstr (triad_screen_get_rules_text (other), ==, "Closed hands · Same");

  end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      if (triad_screen_is_waiting (host))
        {
          parse_view (host, &view);
          if (!host_clock)
            {
              assert_clock (host);
              host_clock = TRUE;
            }
          if (!shot_host && view.n_filled >= 3)
            {
              ui_test_screenshot (GTK_WIDGET (window), "triad-lan-host-play");
              shot_host = TRUE;
            }
          /* The guest's hand is face down on the host's screen. */
          if (view.n_hand[guest_seat] > 0)
            {
              g_assert_false (view.hand_known[guest_seat]);
              g_assert_false (triad_hand_view_get_known (TRIAD_HAND_VIEW (triad_screen_get_their_hand (host))));
            }
        }
      if (triad_screen_is_waiting (other))
        {
          parse_view (other, &view);
          if (!guest_clock)
            {
              assert_clock (other);
              guest_clock = TRUE;
            }
          if (!shot_guest && view.n_filled >= 3)
            {
              ui_test_screenshot (guest_window, "triad-lan-guest-play");
              shot_guest = TRUE;
            }
          if (view.n_hand[host_seat] > 0)
            {
              g_assert_false (view.hand_known[host_seat]);
              g_assert_false (triad_hand_view_get_known (TRIAD_HAND_VIEW (triad_screen_get_their_hand (other))));
            }
        }
      if (play_move (host, rand))
        moves[host_seat]++;
      if (play_move (other, rand))
        moves[guest_seat]++;
    }
  g_assert_true (parlor_table_is_over (table));
  g_assert_true (host_clock && guest_clock && shot_host && shot_guest);
  /* Five moves for the first player, four for the second: nobody's timer played. */
  g_assert_cmpuint (moves[0] + moves[1], ==, TRIAD_N_CELLS);
  parse_view (host, &host_view);
  g_assert_cmpuint (moves[host_view.first], ==, 5);

  /* The guest's last view arrives over the network. */
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  do
    {
      ui_test_iterate (50);
      parse_view (other, &guest_view);
    }
  while ((guest_view.n_filled < TRIAD_N_CELLS || parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (other))) &&
         g_get_monotonic_time () < end);
  g_assert_false (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (host)));
  g_assert_false (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (other)));

  /* The same game from both seats: same board, same score. */
  g_assert_cmpint (guest_view.n_filled, ==, TRIAD_N_CELLS);
  for (int c = 0; c < TRIAD_N_CELLS; c++)
    {
      g_assert_cmpint (host_view.owner[c], ==, guest_view.owner[c]);
      g_assert_true (triad_card_equal (&host_view.card[c], &guest_view.card[c]));
      counted[host_view.owner[c]]++;
    }
  g_assert_cmpint (host_view.score[0], ==, counted[0]);
  g_assert_cmpint (host_view.score[1], ==, counted[1]);
  g_assert_cmpint (guest_view.score[0], ==, counted[0]);
  g_assert_cmpint (guest_view.score[1], ==, counted[1]);
  assert_host_hand_hidden (&guest, host_seat);

  /* Both see the result from their own seat. */
  ui_test_screenshot (guest_window, "triad-lan-guest-over");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "triad.show-result", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "triad.show-result", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "result");
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (other)), ==, "result");
  {
    AdwStatusPage *hp = ADW_STATUS_PAGE (triad_screen_get_result_page (host));
    AdwStatusPage *gp = ADW_STATUS_PAGE (triad_screen_get_result_page (other));
    g_autofree char *host_count = g_strdup_printf ("you %d, Guest %d", counted[host_seat], counted[guest_seat]);
    g_autofree char *guest_count = NULL;

    g_assert_cmpstr (adw_status_page_get_title (hp), ==, expected_title (&host_view, host_seat));
    g_assert_cmpstr (adw_status_page_get_title (gp), ==, expected_title (&host_view, guest_seat));
    g_assert_true (g_str_has_suffix (adw_status_page_get_description (hp), host_count));
    guest_count = g_strdup_printf ("you %d, %s %d", counted[guest_seat],
                                   parlor_table_get_seat_name (table, host_seat), counted[host_seat]);
    g_assert_true (g_str_has_suffix (adw_status_page_get_description (gp), guest_count));
  }
  ui_test_screenshot (GTK_WIDGET (window), "triad-lan-host-result");
  ui_test_screenshot (guest_window, "triad-lan-guest-result");

  /* The guest heard the rules, and never the host's deal. */
  guest_log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (other));
  host_log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (host));
  g_test_message ("guest log:\n%s", guest_log);
  g_assert_nonnull (strstr (guest_log, "Rules: Closed hands · Same"));
  g_assert_nonnull (strstr (host_log, "Rules: Closed hands · Same"));
  /* Each log speaks to its player: "You get …". */
  host_deal = g_strdup_printf ("%s gets ", parlor_table_get_seat_name (table, host_seat));
  g_assert_nonnull (strstr (host_log, "You get "));
  g_assert_null (strstr (guest_log, host_deal));
  g_assert_nonnull (strstr (guest_log, "You get "));
  g_assert_null (strstr (guest_log, "Guest gets "));

  /* The host may host again, with the same rules; the guest goes back. */
  {
    GtkWidget *host_button = find_button (triad_screen_get_result_page (host), "triad.play-again");
    GtkWidget *guest_button = find_button (triad_screen_get_result_page (other), "triad.play-again");

    g_assert_nonnull (host_button);
    g_assert_nonnull (guest_button);
    g_assert_true (gtk_widget_get_visible (host_button));
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (host_button)), ==, "Host _Again");
    g_assert_false (gtk_widget_get_visible (guest_button));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "triad.play-again", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "setup");
  {
    GtkWindow *again = ui_test_find_window (PARLOR_TYPE_HOST_WINDOW);
    g_autofree char *hands = NULL;

    g_assert_nonnull (again);
    g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (host)), "hands", &hands, NULL);
    g_assert_cmpstr (hands, ==, "closed");
    gtk_window_destroy (again);
  }
  /* The host's server is gone; the guest, whose game is over, just hears of it. */
  ui_test_iterate (300);
  guest_log = (g_free (guest_log), parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (other)));
  g_assert_nonnull (strstr (guest_log, "The host left the game"));
  g_assert_null (find_dialog (GTK_WINDOW (guest_window)));
  host_again = g_strdup (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (other)));
  g_assert_cmpstr (host_again, ==, "result");

  gtk_window_destroy (GTK_WINDOW (guest_window));
  g_ptr_array_unref (guest.lines);
  g_object_set (parlor_application_get_settings (ui_test_get_app ()), "time-limit", 0, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

static gboolean
dialog_shown (gpointer data)
{
  return find_dialog (data) != NULL;
}

/* The host leaves in the middle: the guest is told so, in words. */
static void
test_host_leaves (void)
{
  ParlorWindow *window = ui_test_get_window ();
  Guest guest = { NULL, NULL, NULL, g_ptr_array_new_with_free_func (g_free) };
  AdwMessageDialog *dialog;
  GtkWidget *guest_window;
  g_autofree char *log = NULL;

  host_and_join (window, &guest, NULL);
  guest_window = GTK_WIDGET (guest.window);
  g_assert_true (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (guest.screen)));

  /* Back, then "Leave" in the window's question. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  ui_test_wait_for (dialog_shown, window);
  dialog = find_dialog (GTK_WINDOW (window));
  click (dialog, "_Leave");
  g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");

  ui_test_wait_for (dialog_shown, guest_window);
  dialog = find_dialog (GTK_WINDOW (guest_window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Host Left");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, "The host left the game");
  g_assert_true (adw_message_dialog_has_response (dialog, "menu"));
  g_assert_false (adw_message_dialog_has_response (dialog, "reconnect"));
  ui_test_screenshot (GTK_WIDGET (dialog), "triad-lan-host-left");
  g_assert_false (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (guest.screen)));
  log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (TRIAD_SCREEN (guest.screen)));
  g_assert_nonnull (strstr (log, "The host left the game"));

  click (dialog, "_Back to Menu");
  ui_test_wait_for (on_menu_page, guest.window);
  g_assert_null (find_dialog (GTK_WINDOW (guest_window)));
  gtk_window_destroy (GTK_WINDOW (guest_window));
  g_ptr_array_unref (guest.lines);
}

static gboolean
host_heard_guest_left (gpointer data)
{
  g_autofree char *log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (data));

  return strstr (log, "Guest left") != NULL;
}

/* The guest leaves in the middle: a computer player takes the seat and the
 * host plays on to the end. */
static void
test_guest_leaves (void)
{
  ParlorWindow *window = ui_test_get_window ();
  Guest guest = { NULL, NULL, NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  TriadScreen *host;
  ParlorTable *table;
  gint64 end;

  host = host_and_join (window, &guest, NULL);
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (host));
  gtk_window_destroy (GTK_WINDOW (guest.window));
  guest.screen = NULL;
  ui_test_wait_for (host_heard_guest_left, host);
  g_assert_cmpint (parlor_table_get_seat_kind (table, 1 - parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (host))), ==,
                   PARLOR_SEAT_AI);
  /* The score says a computer keeps the seat for the guest. */
  g_assert_nonnull (strstr (triad_screen_get_score_text (host), "Guest (computer)"));

  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      play_move (host, rand);
    }
  g_assert_true (parlor_table_is_over (table));
  ui_test_iterate (200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "triad.show-result", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "result");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");
  g_ptr_array_unref (guest.lines);
}

static gboolean
guest_reconnected (gpointer data)
{
  g_autofree char *log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (data));

  return strstr (log, "Reconnected") != NULL;
}

/* The guest's connection breaks (here: the host drops a client that sends
 * only nonsense); the guest is told, reconnects with its token and plays
 * on to the end. */
static void
test_connection_lost (void)
{
  ParlorWindow *window = ui_test_get_window ();
  Guest guest = { NULL, NULL, NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GRand) rand = g_rand_new_with_seed (2);
  g_autofree char *log = NULL;
  AdwMessageDialog *dialog;
  TriadScreen *host, *other;
  ParlorTable *table;
  TriadView host_view, guest_view;
  int guest_seat;
  gint64 end;

  host = host_and_join (window, &guest, NULL);
  other = TRIAD_SCREEN (guest.screen);
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (host));
  guest_seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (other));

  for (int i = 0; i < 100; i++)
    parlor_client_send_raw (guest.client, "nonsense");
  ui_test_wait_for (dialog_shown, guest.window);
  dialog = find_dialog (GTK_WINDOW (guest.window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Connection Lost");
  g_assert_true (adw_message_dialog_has_response (dialog, "reconnect"));
  g_assert_false (triad_screen_is_waiting (other));
  ui_test_screenshot (GTK_WIDGET (dialog), "triad-lan-connection-lost");
  ui_test_wait_for (host_heard_guest_left, host);
  g_assert_cmpint (parlor_table_get_seat_kind (table, guest_seat), ==, PARLOR_SEAT_AI);

  click (dialog, "_Reconnect");
  ui_test_wait_for (guest_reconnected, other);
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (other)), ==, guest_seat);
  g_assert_cmpint (parlor_table_get_seat_kind (table, guest_seat), ==, PARLOR_SEAT_REMOTE);
  g_assert_true (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (other)));

  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      play_move (host, rand);
      play_move (other, rand);
    }
  g_assert_true (parlor_table_is_over (table));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  do
    {
      ui_test_iterate (50);
      parse_view (other, &guest_view);
    }
  while (guest_view.n_filled < TRIAD_N_CELLS && g_get_monotonic_time () < end);
  parse_view (host, &host_view);
  g_assert_cmpint (guest_view.score[0], ==, host_view.score[0]);
  g_assert_cmpint (guest_view.score[1], ==, host_view.score[1]);
  log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (host));
  g_assert_nonnull (strstr (log, "Guest is back"));

  gtk_window_destroy (GTK_WINDOW (guest.window));
  g_ptr_array_unref (guest.lines);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));

  g_test_add_func ("/app/triad/lan/closed-same-whole-game", test_whole_game);
  g_test_add_func ("/app/triad/lan/host-leaves", test_host_leaves);
  g_test_add_func ("/app/triad/lan/guest-leaves", test_guest_leaves);
  g_test_add_func ("/app/triad/lan/connection-lost", test_connection_lost);

  return ui_test_run ();
}
