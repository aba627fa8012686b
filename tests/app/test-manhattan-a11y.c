/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Manhattan as assistive technology sees it: the test finds widgets by their
 * accessible role, name and state only, and acts as a screen reader's
 * "activate" does (gtk_widget_activate). It reads nothing from the game.
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "manhattan-screen-private.h"
#include "parlor-session.h"
#include "parlor-table.h"
#include "parlor-window.h"
#include "ui-test-util.h"

/* ---- reading the accessible tree ---- */

/* GTK 4.8 has no getter for accessible properties, but its test API returns
 * the value it holds when it differs from the one asked for. */
#define NOT_A_VALUE "\x01\x02 no such value"

static char *
a11y_property (GtkWidget             *widget,
               GtkAccessibleProperty  property)
{
  char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, NOT_A_VALUE);

  if (value == NULL)
    return g_strdup ("");
  return value;
}

static char *
a11y_label (GtkWidget *widget)
{
  return a11y_property (widget, GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static char *
a11y_description (GtkWidget *widget)
{
  return a11y_property (widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static gboolean
a11y_state_is (GtkWidget          *widget,
               GtkAccessibleState  state,
               gboolean            value)
{
  g_autofree char *differs = NULL;

  if (!gtk_test_accessible_has_state (GTK_ACCESSIBLE (widget), state))
    return !value;
  differs = gtk_test_accessible_check_state (GTK_ACCESSIBLE (widget), state, value);
  return differs == NULL;
}

/* What a user can reach now: shown, and not disabled. */
static gboolean
a11y_usable (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_is_sensitive (widget) &&
         a11y_state_is (widget, GTK_ACCESSIBLE_STATE_DISABLED, FALSE);
}

typedef gboolean (*Match) (GtkWidget *widget, gpointer data);

static void
collect (GtkWidget *widget,
         Match      match,
         gpointer   data,
         GPtrArray *out)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (match (widget, data))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, match, data, out);
}

static GPtrArray *
find_all (GtkWidget *root,
          Match      match,
          gpointer   data)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (root, match, data, out);
  return out;
}

typedef struct
{
  GtkAccessibleRole  role;
  const char        *label;         /* exact, or NULL */
  const char        *label_prefix;  /* or NULL */
} Query;

static gboolean
matches_query (GtkWidget *widget,
               gpointer   data)
{
  const Query *q = data;
  g_autofree char *label = NULL;

  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) != q->role)
    return FALSE;
  label = a11y_label (widget);
  if (q->label != NULL && !g_str_equal (label, q->label))
    return FALSE;
  if (q->label_prefix != NULL && !g_str_has_prefix (label, q->label_prefix))
    return FALSE;
  return TRUE;
}

static gboolean
has_label (GtkWidget *widget,
           gpointer   data)
{
  g_autofree char *label = a11y_label (widget);

  return g_str_equal (label, data);
}

static GPtrArray *
find_role (GtkWidget         *root,
           GtkAccessibleRole  role,
           const char        *label,
           const char        *label_prefix)
{
  Query q = { role, label, label_prefix };

  return find_all (root, matches_query, &q);
}

static GtkWidget *
find_one (GtkWidget         *root,
          GtkAccessibleRole  role,
          const char        *label)
{
  g_autoptr(GPtrArray) found = find_role (root, role, label, NULL);

  return found->len == 1 ? g_ptr_array_index (found, 0) : NULL;
}

/* The status line that tells what just happened. */
static char *
news (GtkWidget *screen)
{
  g_autoptr(GPtrArray) found = find_role (screen, GTK_ACCESSIBLE_ROLE_STATUS, NULL, NULL);

  /* The last one: the turn line comes before it. */
  if (found->len == 0)
    return g_strdup ("");
  return a11y_label (g_ptr_array_index (found, found->len - 1));
}

/* ---- acting ---- */

/* What a screen reader's "click" does: gtk_widget_activate(). A GtkButton
 * shows the press for a moment before it clicks: wait (up to @max_ms) for
 * @done to hold. */
typedef gboolean (*Done) (gpointer data);

static gboolean
press_until (GtkWidget *widget,
             Done       done,
             gpointer   data,
             guint      max_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) max_ms * 1000;

  g_assert_true (gtk_widget_activate (widget));
  while (!done (data) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return done (data);
}

static gboolean
is_selected (gpointer data)
{
  return a11y_state_is (data, GTK_ACCESSIBLE_STATE_SELECTED, TRUE);
}

static gboolean
is_gone (gpointer data)
{
  return !gtk_widget_get_mapped (data);
}

typedef struct
{
  GtkWidget *widget;
  char      *before;
} Change;

static gboolean
description_changed (gpointer data)
{
  Change *c = data;
  g_autofree char *now = a11y_description (c->widget);

  return !g_str_equal (now, c->before);
}

/* ---- playing ---- */

static gboolean
is_selected_toggle (gpointer data)
{
  return a11y_state_is (data, GTK_ACCESSIBLE_STATE_PRESSED, TRUE);
}

static gboolean
is_play_page (gpointer data)
{
  return g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (data)), "play") == 0;
}

/* The setup page as a screen reader finds it: named choices, then Start. */
static void
start_from_setup (GtkWidget *screen)
{
  GtkWidget *start = find_one (screen, GTK_ACCESSIBLE_ROLE_BUTTON, "Start");
  GtkWidget *normal = find_one (screen, GTK_ACCESSIBLE_ROLE_BUTTON, "Medium");

  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (MANHATTAN_SCREEN (screen))), ==, "setup");
  g_assert_nonnull (find_one (screen, GTK_ACCESSIBLE_ROLE_BUTTON, "Easy"));
  g_assert_nonnull (find_one (screen, GTK_ACCESSIBLE_ROLE_BUTTON, "Strongest"));
  g_assert_nonnull (find_one (screen, GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, "Seconds per Turn"));
  g_assert_nonnull (normal);
  g_assert_true (press_until (normal, is_selected_toggle, normal, 5000));
  g_assert_nonnull (start);
  g_assert_true (press_until (start, is_play_page, screen, 5000));
}

typedef struct
{
  GtkWidget *screen;
  GRand     *rand;
  guint      built_in;       /* bit mask of cities the player built in */
  guint      builds;
  guint      choices;
  gboolean   heard_other;    /* a computer's move was told */
  guint      rounds_scored;  /* bit mask of "Round N Scored" dialogs seen */
  char      *last_news;
} Player;

static gboolean
choose_blocks (Player *p)
{
  GtkWidget *use = find_one (p->screen, GTK_ACCESSIBLE_ROLE_BUTTON, "Use These Blocks");
  int order[4] = { 4, 3, 2, 1 };

  if (use == NULL)
    return FALSE;

  /* Six blocks: as many big ones as the supply holds, in a seeded order. */
  for (int i = 3; i > 0; i--)
    {
      int j = g_rand_int_range (p->rand, 0, i + 1), t = order[i];

      order[i] = order[j];
      order[j] = t;
    }
  for (int k = 0; k < 4 && !a11y_usable (use); k++)
    {
      g_autofree char *name = g_strdup_printf ("One more %d-storey block", order[k]);
      GtkWidget *more = find_one (p->screen, GTK_ACCESSIBLE_ROLE_BUTTON, name);

      g_assert_nonnull (more);
      for (int n = 0; n < 6 && !a11y_usable (use); n++)
        {
          Change change = { more, a11y_description (more) };
          gboolean changed = press_until (more, description_changed, &change, 1000);

          g_free (change.before);
          if (!changed)
            break;   /* none of that size left */
        }
    }
  g_assert_true (a11y_usable (use));
  g_assert_true (press_until (use, is_gone, use, 5000));
  p->choices++;
  return TRUE;
}

typedef struct
{
  GtkWidget *spot;
  int        city;
} Spot;

/* The spots one can build on now, with their city (from the group they are in). */
static GArray *
buildable_spots (Player *p)
{
  GArray *spots = g_array_new (FALSE, FALSE, sizeof (Spot));

  for (int city = 0; city < 6; city++)
    {
      g_autofree char *name = g_strdup_printf ("City %d", city + 1);
      GtkWidget *group = find_one (p->screen, GTK_ACCESSIBLE_ROLE_GROUP, name);
      g_autoptr(GPtrArray) buttons = NULL;

      g_assert_nonnull (group);
      buttons = find_role (group, GTK_ACCESSIBLE_ROLE_BUTTON, NULL, name);
      g_assert_cmpuint (buttons->len, ==, 9);
      for (guint i = 0; i < buttons->len; i++)
        if (a11y_usable (g_ptr_array_index (buttons, i)))
          {
            Spot s = { g_ptr_array_index (buttons, i), city };

            g_array_append_val (spots, s);
          }
    }
  return spots;
}

/* Cards and blocks are buttons that can be selected. */
static gboolean
is_card (GtkWidget *widget,
         gpointer   data)
{
  g_autofree char *label = NULL;

  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) != GTK_ACCESSIBLE_ROLE_BUTTON ||
      !gtk_test_accessible_has_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_SELECTED))
    return FALSE;
  label = a11y_label (widget);
  return g_str_has_prefix (label, "Card ");
}

static gboolean
is_block (GtkWidget *widget,
          gpointer   data)
{
  g_autofree char *label = NULL;

  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) != GTK_ACCESSIBLE_ROLE_BUTTON ||
      !gtk_test_accessible_has_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_SELECTED))
    return FALSE;
  label = a11y_label (widget);
  return strstr (label, "-storey block: ") != NULL;
}

static gboolean
build (Player *p)
{
  g_autoptr(GPtrArray) blocks = find_all (p->screen, is_block, NULL);
  g_autoptr(GPtrArray) cards = find_all (p->screen, is_card, NULL);
  GtkWidget *best = NULL, *best_card = NULL;
  int best_city = -1;
  gboolean my_turn = FALSE;

  for (guint i = 0; i < blocks->len; i++)
    my_turn |= a11y_usable (g_ptr_array_index (blocks, i));
  if (!my_turn)
    return FALSE;

  /* A card lights the spots it may build on: look for a city not built in yet. */
  for (guint c = 0; c < cards->len && (best == NULL || (p->built_in & (1u << best_city))); c++)
    {
      GtkWidget *card = g_ptr_array_index (cards, c);
      g_autoptr(GArray) spots = NULL;

      if (!a11y_usable (card))
        continue;
      if (!is_selected (card))
        g_assert_true (press_until (card, is_selected, card, 5000));
      spots = buildable_spots (p);
      for (guint i = 0; i < spots->len; i++)
        {
          Spot *s = &g_array_index (spots, Spot, i);

          if (best == NULL || ((p->built_in & (1u << best_city)) && !(p->built_in & (1u << s->city))))
            {
              best = s->spot;
              best_city = s->city;
              best_card = card;
            }
        }
    }
  if (best == NULL)
    return FALSE;
  if (!is_selected (best_card))
    g_assert_true (press_until (best_card, is_selected, best_card, 5000));

  /* Then a block that the spot takes. */
  for (guint b = 0; b < blocks->len; b++)
    {
      GtkWidget *block = g_ptr_array_index (blocks, b);

      if (!a11y_usable (block))
        continue;
      if (!is_selected (block))
        g_assert_true (press_until (block, is_selected, block, 5000));
      /* The picked block alone is selected. */
      for (guint other = 0; other < blocks->len; other++)
        g_assert_true (is_selected (g_ptr_array_index (blocks, other)) == (other == b));
      if (a11y_usable (best))
        break;
    }
  g_assert_true (a11y_usable (best));
  {
    g_autofree char *label = a11y_label (best);
    g_autofree char *description = a11y_description (best);

    g_test_message ("build on %s (%s)", label, description);
    g_assert_nonnull (strstr (description, "you can build here"));
  }
  {
    Change change = { best, a11y_description (best) };

    /* Built: what the spot holds changes. */
    g_assert_true (press_until (best, description_changed, &change, 5000));
    g_free (change.before);
  }
  p->built_in |= 1u << best_city;
  p->builds++;
  return TRUE;
}

static void
watch (Player *p)
{
  g_autofree char *now = news (p->screen);
  GList *toplevels = gtk_window_list_toplevels ();

  if (g_strcmp0 (now, p->last_news) != 0)
    {
      g_test_message ("told: %s", now);
      if (strstr (now, " builds ") != NULL)
        p->heard_other = TRUE;
      g_free (p->last_news);
      p->last_news = g_steal_pointer (&now);
    }

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      for (int round = 1; round <= 4; round++)
        {
          g_autofree char *heading = g_strdup_printf ("Round %d Scored", round);

          if (g_strcmp0 (adw_message_dialog_get_heading (l->data), heading) == 0)
            {
              ParlorSession *session = parlor_game_screen_get_session (PARLOR_GAME_SCREEN (p->screen));

              /* The game waits while the player reads; Continue goes on. */
              p->rounds_scored |= 1u << round;
              g_assert_true (parlor_session_get_paused (session));
              adw_message_dialog_response (l->data, "close");
              gtk_window_close (l->data);
              break;
            }
        }
  g_list_free (toplevels);
}

static void
test_play_by_accessibility (void)
{
  ParlorWindow *window = ui_test_get_window ();
  Player p = { 0 };
  ParlorTable *table;
  gint64 end;

  parlor_window_show_game (window, "manhattan");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  p.screen = parlor_window_get_screen (window);
  start_from_setup (p.screen);
  p.rand = g_rand_new_with_seed (7);
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (MANHATTAN_SCREEN (p.screen)));

  /* The board as a screen reader finds it: six named cities of nine spots. */
  g_assert_nonnull (find_one (p.screen, GTK_ACCESSIBLE_ROLE_GROUP, "Board: six cities of nine spots"));
  {
    g_autoptr(GPtrArray) spots = find_role (p.screen, GTK_ACCESSIBLE_ROLE_BUTTON, NULL, "City ");

    g_assert_cmpuint (spots->len, ==, 54);
  }
  /* The player panel is named, and its button reads its name once. */
  {
    g_autoptr(GPtrArray) named = find_all (p.screen, has_label, (gpointer) "Your cards, blocks and the scores");

    g_assert_cmpuint (named->len, ==, 1);
  }

  end = g_get_monotonic_time () + 400 * G_USEC_PER_SEC;
  while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      watch (&p);
      if (!manhattan_screen_is_waiting (MANHATTAN_SCREEN (p.screen)))
        continue;
      if (choose_blocks (&p) || build (&p))
        {
          ui_test_iterate (20);
          if (p.builds == 3 && p.choices == 1)
            ui_test_screenshot (GTK_WIDGET (window), "manhattan-a11y-game");
          if (p.builds == 14 && p.choices == 3)
            {
              GtkWidget *flat = find_one (p.screen, GTK_ACCESSIBLE_ROLE_BUTTON, "Flat Plan");

              ui_test_screenshot (GTK_WIDGET (window), "manhattan-game-towers");
              adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
              ui_test_screenshot (GTK_WIDGET (window), "manhattan-game-towers-dark");
              g_assert_nonnull (flat);
              gtk_widget_activate (flat);
              ui_test_screenshot (GTK_WIDGET (window), "manhattan-game-dark");
              gtk_widget_activate (flat);
              adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
            }
        }
    }
  g_assert_true (parlor_table_is_over (table));
  ui_test_iterate (300);
  watch (&p);

  g_test_message ("%u choices, %u builds, cities 0x%x, rounds scored 0x%x", p.choices, p.builds,
                  p.built_in, p.rounds_scored);
  g_assert_cmpuint (p.choices, >=, 3);
  g_assert_cmpuint (p.builds, >=, 20);
  g_assert_cmphex (p.built_in, ==, 0x3f);
  g_assert_true (p.heard_other);
  /* A dialog after each of the first three rounds, numbered as the rounds are. */
  g_assert_cmphex (p.rounds_scored, ==, 0x0e);
  /* The end is told too. */
  g_assert_true (g_str_has_prefix (p.last_news, "You Win!") || g_str_has_prefix (p.last_news, "Game Over"));

  g_rand_free (p.rand);
  g_free (p.last_news);
}

static gboolean
choice_shown (gpointer data)
{
  GtkWidget *use = find_one (data, GTK_ACCESSIBLE_ROLE_BUTTON, "Use These Blocks");

  return use != NULL;
}

static GtkWidget *board_of_test;

static gboolean
board_narrower (gpointer data)
{
  return gtk_widget_get_width (board_of_test) < *(int *) data - 50;
}

static gboolean
is_expanded (gpointer data)
{
  return a11y_state_is (data, GTK_ACCESSIBLE_STATE_EXPANDED, TRUE);
}

static gboolean
is_collapsed (gpointer data)
{
  return a11y_state_is (data, GTK_ACCESSIBLE_STATE_EXPANDED, FALSE);
}

static GtkWidget *
focus_widget (ParlorWindow *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* A keyboard player reaches the block choice with Tab, adds blocks with
 * Ctrl+1…4, jumps to a city with Alt+1…6; the board is one Tab stop. */
static void
test_keyboard (void)
{
  ParlorWindow *window = ui_test_get_window ();
  GtkWidget *screen;
  GtkWidget *board;
  gboolean reached_more = FALSE;
  guint spot_stops = 0;
  GtkWidget *more;
  Change change;

  parlor_window_show_game (window, "manhattan");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = parlor_window_get_screen (window);
  start_from_setup (screen);
  ui_test_wait_for (choice_shown, screen);
  board = find_one (screen, GTK_ACCESSIBLE_ROLE_GROUP, "Board: six cities of nine spots");
  g_assert_nonnull (board);
  board_of_test = board;
  ui_test_screenshot (GTK_WIDGET (window), "manhattan-choose");

  /* In a small window the log folds away on its own; the player may show it again. */
  {
    GtkWidget *log_button = find_one (GTK_WIDGET (window), GTK_ACCESSIBLE_ROLE_BUTTON, "Game Log");
    int before;

    g_assert_nonnull (log_button);
    g_assert_true (a11y_state_is (log_button, GTK_ACCESSIBLE_STATE_EXPANDED, TRUE));
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
    gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
    ui_test_wait_for (is_collapsed, log_button);
    ui_test_screenshot (GTK_WIDGET (window), "manhattan-choose-dark-800x600");
    before = gtk_widget_get_width (board);
    g_assert_true (press_until (log_button, board_narrower, &before, 5000));
    g_assert_true (a11y_state_is (log_button, GTK_ACCESSIBLE_STATE_EXPANDED, TRUE));
    ui_test_screenshot (GTK_WIDGET (window), "manhattan-choose-dark-800x600-log");
    g_assert_true (press_until (log_button, is_collapsed, log_button, 5000));
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
    gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
    /* The player folded it: a wide window leaves it folded until they show it. */
    g_assert_true (press_until (log_button, is_expanded, log_button, 5000));
  }

  /* Tab from the board: through the panel, never from spot to spot. */
  g_assert_true (gtk_widget_grab_focus (board));
  for (int i = 0; i < 40; i++)
    {
      GtkWidget *focus;
      g_autofree char *label = NULL;

      if (!gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD))
        continue;
      focus = focus_widget (window);
      g_assert_nonnull (focus);
      label = a11y_label (focus);
      if (g_str_has_prefix (label, "One more 4-storey block"))
        reached_more = TRUE;
      if (gtk_widget_is_ancestor (focus, board))
        spot_stops++;
    }
  g_assert_true (reached_more);
  /* The board comes round once or twice in 40 Tabs, not once per spot. */
  g_assert_cmpuint (spot_stops, >=, 1);
  g_assert_cmpuint (spot_stops, <=, 4);

  /* Ctrl+2 adds a 2-storey block to the choice. */
  more = find_one (screen, GTK_ACCESSIBLE_ROLE_BUTTON, "One more 2-storey block");
  g_assert_nonnull (more);
  change.widget = more;
  change.before = a11y_description (more);
  g_assert_true (gtk_widget_activate_action (screen, "game.block", "i", 2));
  g_assert_true (description_changed (&change));
  g_free (change.before);

  /* Alt+3: to city 3; the arrows move on from there. */
  g_assert_true (gtk_widget_activate_action (board, "board.city", "i", 2));
  {
    g_autofree char *label = a11y_label (focus_widget (window));

    g_assert_true (g_str_has_prefix (label, "City 3, "));
  }
  g_assert_true (gtk_widget_activate_action (board, "board.move", "(ii)", 1, 0));
  {
    g_autofree char *label = a11y_label (focus_widget (window));

    g_assert_true (g_str_has_prefix (label, "City 3, ") || g_str_has_prefix (label, "City 4, "));
    g_assert_true (gtk_widget_is_ancestor (focus_widget (window), board));
  }
}

int
main (int   argc,
      char *argv[])
{
  /* One deal for every run. */
  g_setenv ("PARLOR_SEED", "20261123", TRUE);
  ui_test_init (&argc, &argv);

  g_test_add_func ("/app/manhattan/a11y/keyboard", test_keyboard);
  g_test_add_func ("/app/manhattan/a11y/whole-game", test_play_by_accessibility);

  return ui_test_run ();
}
