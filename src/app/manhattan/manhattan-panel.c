/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "manhattan-board-view.h"
#include "manhattan-card.h"
#include "manhattan-panel.h"
#include "parlor-screen-util.h"

struct _ManhattanPanel
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkGrid        *cards_box;
  GtkLabel       *blocks_title;
  GtkStack       *blocks_stack;
  GtkBox         *blocks_box;
  GtkGrid        *choose_grid;
  GtkButton      *choose_button;
  GtkLabel       *round_label;
  GtkLabel       *start_label;
  GtkLabel       *turn_label;
  GtkLabel       *clock_label;
  GtkLabel       *news_label;
  GtkGrid        *score_grid;
  GtkWidget      *status_box;

  GtkToggleButton *card_buttons[MANHATTAN_HAND_SIZE];
  int              card_positions[MANHATTAN_HAND_SIZE];
  GtkToggleButton *block_buttons[MANHATTAN_MAX_BLOCK + 1];
  GtkLabel        *choice_labels[MANHATTAN_MAX_BLOCK + 1];
  GtkLabel        *supply_labels[MANHATTAN_MAX_BLOCK + 1];
  GtkWidget       *step_buttons[MANHATTAN_MAX_BLOCK + 1][2];
  GtkLabel        *score_labels[MANHATTAN_N_SEATS][3];
  char            *score_rows[MANHATTAN_N_SEATS];   /* each row in words, for screen readers */

  ManhattanView    view;
  gboolean         has_view;
  guint8           choice[MANHATTAN_MAX_BLOCK + 1];
  gboolean         updating;
};

G_DEFINE_FINAL_TYPE (ManhattanPanel, manhattan_panel, GTK_TYPE_WIDGET)

enum {
  SELECTION_CHANGED,
  CHOOSE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
blocks_left (const ManhattanView *view,
             int                  seat)
{
  int n = 0;

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    n += view->supply[seat][b] + (view->chosen_known[seat] ? view->chosen[seat][b] : 0);
  return n;
}

static const char *
card_position_name (int position)
{
  return manhattan_position_name (position);
}

/* The picked card and block are also told as a selected state. */
static void
update_selected_states (ManhattanPanel *self)
{
  for (int i = 0; i < MANHATTAN_HAND_SIZE; i++)
    gtk_accessible_update_state (GTK_ACCESSIBLE (self->card_buttons[i]),
                                 GTK_ACCESSIBLE_STATE_SELECTED,
                                 gtk_toggle_button_get_active (self->card_buttons[i]),
                                 -1);
  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    gtk_accessible_update_state (GTK_ACCESSIBLE (self->block_buttons[b]),
                                 GTK_ACCESSIBLE_STATE_SELECTED,
                                 gtk_toggle_button_get_active (self->block_buttons[b]),
                                 -1);
}

static void
on_card_toggled (ManhattanPanel *self)
{
  update_selected_states (self);
  if (!self->updating)
    g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static void
on_block_toggled (ManhattanPanel *self)
{
  update_selected_states (self);
  if (!self->updating)
    g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static int
choice_total (ManhattanPanel *self)
{
  int n = 0;

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    n += self->choice[b];
  return n;
}

static void
update_choice (ManhattanPanel *self)
{
  int wanted = self->has_view ? self->view.choose_count : 0;
  int total = choice_total (self);
  g_autofree char *title = NULL;

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    {
      g_autofree char *count = g_strdup_printf ("%d", self->choice[b]);
      g_autofree char *supply = NULL;

      gtk_label_set_text (self->choice_labels[b], count);
      supply = g_strdup_printf (_("of %d"), self->view.choose_max[b]);
      gtk_label_set_text (self->supply_labels[b], supply);
      if (self->step_buttons[b][0] != NULL)
        {
          /* Translators: the count of a block size in this round's choice */
          g_autofree char *state = g_strdup_printf (_("%d chosen, %d available"), self->choice[b],
                                                    self->view.choose_max[b]);

          for (int k = 0; k < 2; k++)
            gtk_accessible_update_property (GTK_ACCESSIBLE (self->step_buttons[b][k]),
                                            GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, state, -1);
        }
    }

  if (total == wanted)
    title = g_strdup (_("Your blocks for this round are ready"));
  else
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Choose %d more block for this round",
                                          "Choose %d more blocks for this round",
                                          wanted - total),
                             wanted - total);
  /* The title stays one line in both phases, so the board keeps its size. */
  gtk_label_set_text (self->blocks_title, title);
  gtk_widget_set_sensitive (GTK_WIDGET (self->choose_button), wanted > 0 && total == wanted);
}

/* The view's moves ask for the player's blocks. */
gboolean
manhattan_panel_is_choosing (ManhattanPanel *self)
{
  g_return_val_if_fail (MANHATTAN_IS_PANEL (self), FALSE);

  return self->has_view && self->view.choose_count > 0;
}

gboolean
manhattan_panel_step_choice (ManhattanPanel *self,
                             int             size,
                             int             step)
{
  int value;

  g_return_val_if_fail (MANHATTAN_IS_PANEL (self), FALSE);
  g_return_val_if_fail (size >= 1 && size <= MANHATTAN_MAX_BLOCK, FALSE);

  if (!manhattan_panel_is_choosing (self))
    return FALSE;
  value = self->choice[size] + step;
  if (value < 0 || value > self->view.choose_max[size] ||
      (step > 0 && choice_total (self) >= self->view.choose_count))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  self->choice[size] = value;
  update_choice (self);
  return TRUE;
}

static void
on_choice_step (GtkButton      *button,
                ManhattanPanel *self)
{
  int size = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "size"));
  int step = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "step"));

  manhattan_panel_step_choice (self, size, step);
}

void
manhattan_panel_announce (ManhattanPanel *self,
                          const char     *text)
{
  g_return_if_fail (MANHATTAN_IS_PANEL (self));
  g_return_if_fail (text != NULL);

  parlor_screen_announce (self->news_label, text);
}

/* The groups sit in a GtkFlowBox so they wrap in a narrow window, but a flow
 * box passes Tab only to its first child: go through the groups here. */
static gboolean
manhattan_panel_focus (GtkWidget        *widget,
                       GtkDirectionType  direction)
{
  ManhattanPanel *self = MANHATTAN_PANEL (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *groups[8];
  gboolean backward = direction == GTK_DIR_TAB_BACKWARD || direction == GTK_DIR_UP ||
                      direction == GTK_DIR_LEFT;
  int n = 0, current = -1, step = backward ? -1 : 1;

  for (GtkWidget *child = gtk_widget_get_first_child (self->box); child != NULL && n < 8;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_FLOW_BOX_CHILD (child) && gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)) != NULL)
      {
        GtkWidget *group = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

        if (focus != NULL && (focus == group || gtk_widget_is_ancestor (focus, group)))
          current = n;
        groups[n++] = group;
      }

  if (current >= 0 && gtk_widget_child_focus (groups[current], direction))
    return TRUE;
  for (int i = current >= 0 ? current + step : (backward ? n - 1 : 0); i >= 0 && i < n; i += step)
    if (gtk_widget_child_focus (groups[i], direction))
      return TRUE;
  return FALSE;
}

void
manhattan_panel_set_choice (ManhattanPanel *self,
                            const guint8    counts[MANHATTAN_MAX_BLOCK + 1])
{
  g_return_if_fail (MANHATTAN_IS_PANEL (self));

  memcpy (self->choice, counts, sizeof self->choice);
  update_choice (self);
}

gboolean
manhattan_panel_focus_choose (ManhattanPanel *self)
{
  g_return_val_if_fail (MANHATTAN_IS_PANEL (self), FALSE);

  /* Use These Blocks once six are chosen, else the first size to add. */
  if (gtk_widget_get_sensitive (GTK_WIDGET (self->choose_button)))
    return gtk_widget_grab_focus (GTK_WIDGET (self->choose_button));
  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    if (self->step_buttons[b][1] != NULL && gtk_widget_get_sensitive (self->step_buttons[b][1]))
      return gtk_widget_grab_focus (self->step_buttons[b][1]);
  return gtk_widget_grab_focus (GTK_WIDGET (self->choose_button));
}

void
manhattan_panel_confirm_choice (ManhattanPanel *self)
{
  g_autofree char *blocks = NULL;

  g_return_if_fail (MANHATTAN_IS_PANEL (self));

  if (!manhattan_panel_is_choosing (self) || choice_total (self) != self->view.choose_count)
    return;
  blocks = manhattan_blocks_to_string (self->choice);
  g_signal_emit (self, signals[CHOOSE], 0, blocks);
}

static void
on_choose_clicked (ManhattanPanel *self)
{
  manhattan_panel_confirm_choice (self);
}

static void
manhattan_panel_dispose (GObject *object)
{
  ManhattanPanel *self = MANHATTAN_PANEL (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (manhattan_panel_parent_class)->dispose (object);
}

static void
manhattan_panel_finalize (GObject *object)
{
  ManhattanPanel *self = MANHATTAN_PANEL (object);

  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    g_free (self->score_rows[s]);

  G_OBJECT_CLASS (manhattan_panel_parent_class)->finalize (object);
}

static void
manhattan_panel_class_init (ManhattanPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = manhattan_panel_dispose;
  object_class->finalize = manhattan_panel_finalize;
  widget_class->focus = manhattan_panel_focus;

  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[CHOOSE] =
    g_signal_new ("choose", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/parlorgames/Parlor/manhattan/manhattan-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, box);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, cards_box);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, blocks_title);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, blocks_stack);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, blocks_box);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, choose_grid);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, choose_button);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, round_label);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, start_label);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, turn_label);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, clock_label);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, news_label);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, score_grid);
  gtk_widget_class_bind_template_child (widget_class, ManhattanPanel, status_box);
  gtk_widget_class_bind_template_callback (widget_class, on_choose_clicked);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "manhattan-panel");
}

static GtkWidget *
step_button (ManhattanPanel *self,
             const char     *icon,
             const char     *text,
             int             size,
             int             step)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_add_css_class (button, "circular");
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  g_object_set_data (G_OBJECT (button), "size", GINT_TO_POINTER (size));
  g_object_set_data (G_OBJECT (button), "step", GINT_TO_POINTER (step));
  g_signal_connect (button, "clicked", G_CALLBACK (on_choice_step), self);
  return button;
}

static void
manhattan_panel_init (ManhattanPanel *self)
{
  GtkToggleButton *group = NULL;
  GtkToggleButton *block_group = NULL;
  static const char * const headers[] = { N_("Player"), N_("Score"), N_("Blocks") };

  gtk_widget_init_template (GTK_WIDGET (self));
  parlor_label_keep_height (self->clock_label, _("Paused"));
  {
    g_autofree char *two_lines = g_strdup_printf ("%s\n%s", _("Paused"), _("Paused"));

    parlor_label_keep_height (self->turn_label, two_lines);
  }
  /* The groups wrap onto more rows in a narrow window; only their own
   * buttons take keyboard focus. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      gtk_widget_set_focusable (child, FALSE);
      gtk_widget_set_valign (child, GTK_ALIGN_START);
    }

  for (int i = 0; i < MANHATTAN_HAND_SIZE; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();

      gtk_button_set_child (GTK_BUTTON (button), manhattan_card_new ());
      gtk_widget_set_size_request (button, 52, 48);
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      group = GTK_TOGGLE_BUTTON (button);
      g_signal_connect_swapped (button, "toggled", G_CALLBACK (on_card_toggled), self);
      gtk_grid_attach (self->cards_box, button, i % 2, i / 2, 1, 1);
      self->card_buttons[i] = GTK_TOGGLE_BUTTON (button);
      self->card_positions[i] = -1;
    }

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label ("");
      GtkWidget *minus, *plus, *name, *count, *supply;
      g_autofree char *size_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d storey", "%d storeys", b), b);
      g_autofree char *fewer = g_strdup_printf (_("One fewer %d-storey block"), b);
      g_autofree char *more = g_strdup_printf (_("One more %d-storey block"), b);

      gtk_widget_set_size_request (button, 58, 64);
      if (block_group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), block_group);
      block_group = GTK_TOGGLE_BUTTON (button);
      g_signal_connect_swapped (button, "toggled", G_CALLBACK (on_block_toggled), self);
      gtk_box_append (self->blocks_box, button);
      self->block_buttons[b] = GTK_TOGGLE_BUTTON (button);

      name = gtk_label_new (size_text);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      count = gtk_label_new ("0");
      gtk_widget_add_css_class (count, "numeric");
      gtk_widget_set_size_request (count, 24, -1);
      supply = gtk_label_new (NULL);
      gtk_widget_add_css_class (supply, "dim-label");
      minus = step_button (self, "list-remove-symbolic", fewer, b, -1);
      plus = step_button (self, "list-add-symbolic", more, b, +1);
      gtk_grid_attach (self->choose_grid, name, 0, b, 1, 1);
      gtk_grid_attach (self->choose_grid, minus, 1, b, 1, 1);
      gtk_grid_attach (self->choose_grid, count, 2, b, 1, 1);
      gtk_grid_attach (self->choose_grid, plus, 3, b, 1, 1);
      gtk_grid_attach (self->choose_grid, supply, 4, b, 1, 1);
      self->choice_labels[b] = GTK_LABEL (count);
      self->step_buttons[b][0] = minus;
      self->step_buttons[b][1] = plus;
      self->supply_labels[b] = GTK_LABEL (supply);
    }

  for (int c = 0; c < 3; c++)
    {
      GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "label", _(headers[c]),
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_COLUMN_HEADER, NULL);

      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_label_set_xalign (GTK_LABEL (label), c == 0 ? 0 : 1);
      gtk_grid_attach (self->score_grid, label, c + 1, 0, 1, 1);
    }
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    {
      GtkWidget *swatch = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_ROW_HEADER, NULL);
      GdkRGBA color;
      g_autofree char *hex = NULL;
      g_autofree char *markup = NULL;

      manhattan_seat_color (s, &color);
      hex = g_strdup_printf ("#%02x%02x%02x", (int) (color.red * 255), (int) (color.green * 255),
                             (int) (color.blue * 255));
      markup = g_strdup_printf ("<span background=\"%s\" foreground=\"white\" weight=\"bold\"> %s </span>",
                                hex, manhattan_seat_letter (s));
      gtk_label_set_markup (GTK_LABEL (swatch), markup);
      gtk_grid_attach (self->score_grid, swatch, 0, s + 1, 1, 1);
      for (int c = 0; c < 3; c++)
        {
          GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_CELL, NULL);

          gtk_label_set_xalign (GTK_LABEL (label), c == 0 ? 0 : 1);
          if (c == 0)
            {
              gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
              gtk_label_set_width_chars (GTK_LABEL (label), 12);
              gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
            }
          else
            gtk_widget_add_css_class (label, "numeric");
          gtk_grid_attach (self->score_grid, label, c + 1, s + 1, 1, 1);
          self->score_labels[s][c] = GTK_LABEL (label);
        }
    }

  gtk_stack_set_visible_child_name (self->blocks_stack, "play");

  /* One name for the button, not its mnemonic text and its label. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choose_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Use These Blocks"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Your cards, blocks and the scores"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->score_grid),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scores"), -1);
  update_selected_states (self);
}

GtkWidget *
manhattan_panel_new (void)
{
  return g_object_new (MANHATTAN_TYPE_PANEL, NULL);
}

static const char *
seat_display_name (const char * const *names,
                   int                 seat)
{
  return names != NULL && names[seat] != NULL ? names[seat] : manhattan_seat_name (seat);
}

void
manhattan_panel_set_view (ManhattanPanel      *self,
                          const ManhattanView *view,
                          const char * const  *names)
{
  int seat;
  int previous_card;
  int previous_block;
  int slot = 0;
  gboolean my_turn;
  gboolean choosing;
  g_autofree char *round = NULL;
  g_autofree char *start = NULL;
  g_autofree char *turn = NULL;

  g_return_if_fail (MANHATTAN_IS_PANEL (self));
  g_return_if_fail (view != NULL);

  previous_card = manhattan_panel_get_card (self);
  previous_block = manhattan_panel_get_block (self);
  choosing = self->has_view && self->view.phase == MANHATTAN_PHASE_CHOOSE &&
             self->view.round == view->round;
  self->view = *view;
  self->has_view = TRUE;
  seat = view->seat;
  my_turn = manhattan_view_may_play (view);

  self->updating = TRUE;

  /* Cards, sorted by position; keep the picked card picked if it is still held. */
  for (int p = 0; p < MANHATTAN_N_SPOTS && seat >= 0; p++)
    for (int k = 0; k < view->hand[p] && slot < MANHATTAN_HAND_SIZE; k++)
      self->card_positions[slot++] = p;
  for (int i = slot; i < MANHATTAN_HAND_SIZE; i++)
    self->card_positions[i] = -1;
  for (int i = 0; i < MANHATTAN_HAND_SIZE; i++)
    {
      GtkWidget *card = gtk_button_get_child (GTK_BUTTON (self->card_buttons[i]));
      int p = self->card_positions[i];
      g_autofree char *text = NULL;

      manhattan_card_set_position (MANHATTAN_CARD (card), p);
      gtk_widget_set_sensitive (GTK_WIDGET (self->card_buttons[i]), p >= 0 && my_turn);
      gtk_toggle_button_set_active (self->card_buttons[i], FALSE);
      if (p >= 0)
        {
          /* Translators: a building card; %d is the slot, %s the marked cell */
          text = g_strdup_printf (_("Card %d: %s"), i + 1, card_position_name (p));
          gtk_widget_set_tooltip_text (GTK_WIDGET (self->card_buttons[i]), text);
          parlor_accessible_set_name (GTK_WIDGET (self->card_buttons[i]), text);
        }
    }
  if (my_turn && previous_card >= 0)
    for (int i = 0; i < MANHATTAN_HAND_SIZE; i++)
      if (self->card_positions[i] == previous_card)
        {
          gtk_toggle_button_set_active (self->card_buttons[i], TRUE);
          break;
        }

  /* Blocks: this round's chosen blocks (the play page) or the choice (the choose page). */
  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    {
      int n = seat >= 0 && view->chosen_known[seat] ? view->chosen[seat][b] : 0;
      g_autofree char *label = g_strdup_printf ("%d\n×%d", b, n);
      g_autofree char *tip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%d-storey block: %d left this round",
                                                           "%d-storey block: %d left this round", n),
                                              b, n);

      gtk_button_set_label (GTK_BUTTON (self->block_buttons[b]), label);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->block_buttons[b]), tip);
      parlor_accessible_set_name (GTK_WIDGET (self->block_buttons[b]), tip);
      gtk_widget_set_sensitive (GTK_WIDGET (self->block_buttons[b]), my_turn && n > 0);
      gtk_toggle_button_set_active (self->block_buttons[b], my_turn && n > 0 && b == previous_block);
    }

  if (view->choose_count > 0)
    {
      if (!choosing)
        memset (self->choice, 0, sizeof self->choice);
      gtk_stack_set_visible_child_name (self->blocks_stack, "choose");
      update_choice (self);
    }
  else
    {
      gtk_stack_set_visible_child_name (self->blocks_stack, "play");
      gtk_label_set_text (self->blocks_title, _("Your Blocks"));
    }

  self->updating = FALSE;
  update_selected_states (self);

  round = g_strdup_printf (_("Round %d of %d"), view->round + 1, MANHATTAN_N_ROUNDS);
  gtk_label_set_text (self->round_label, round);
  start = g_strdup_printf (_("Start player: %s · %s"), manhattan_seat_name (view->start_player),
                           seat_display_name (names, view->start_player));
  gtk_label_set_text (self->start_label, start);

  if (view->phase == MANHATTAN_PHASE_OVER)
    turn = g_strdup (_("The game is over"));
  else if (view->phase == MANHATTAN_PHASE_CHOOSE)
    {
      if (view->choose_count > 0)
        turn = g_strdup (_("Choose six blocks for this round"));
      else
        turn = g_strdup (_("Waiting for the others to choose their blocks…"));
    }
  else if (my_turn)
    turn = g_strdup (_("Your turn: pick a card and a block, then a lit spot"));
  else if (view->turn >= 0)
    turn = g_strdup_printf (_("%s · %s is playing…"), manhattan_seat_name (view->turn),
                            seat_display_name (names, view->turn));
  gtk_label_set_text (self->turn_label, turn != NULL ? turn : "");

  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    {
      g_autofree char *name = NULL;
      g_autofree char *score = g_strdup_printf ("%d", view->scores[s]);
      g_autofree char *left = g_strdup_printf ("%d", blocks_left (view, s));

      name = g_strdup (seat_display_name (names, s));
      gtk_label_set_text (self->score_labels[s][0], name);
      g_free (self->score_rows[s]);
      if (g_strcmp0 (name, manhattan_seat_name (s)) == 0)
        /* Translators: a row of the score table, "East: 12 points, 10 blocks left" */
        self->score_rows[s] = g_strdup_printf (_("%s: %d points, %d blocks left"), name,
                                               view->scores[s], blocks_left (view, s));
      else
        /* Translators: a row of the score table, "East, Alice: 12 points, 10 blocks left" */
        self->score_rows[s] = g_strdup_printf (_("%s, %s: %d points, %d blocks left"),
                                               manhattan_seat_name (s), name,
                                               view->scores[s], blocks_left (view, s));
      /* One name per row: the row is read whole from its first cell. */
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->score_labels[s][0]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, self->score_rows[s], -1);
      gtk_label_set_text (self->score_labels[s][1], score);
      gtk_label_set_text (self->score_labels[s][2], left);
      for (int c = 0; c < 3; c++)
        {
          if (view->turn == s && view->phase == MANHATTAN_PHASE_PLAY)
            gtk_widget_add_css_class (GTK_WIDGET (self->score_labels[s][c]), "heading");
          else
            gtk_widget_remove_css_class (GTK_WIDGET (self->score_labels[s][c]), "heading");
        }
    }
}

char *
manhattan_panel_dup_score_text (ManhattanPanel *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (MANHATTAN_IS_PANEL (self), NULL);

  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    if (self->score_rows[s] != NULL)
      g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", self->score_rows[s]);
  return g_strdup (text->str);
}

int
manhattan_panel_get_card (ManhattanPanel *self)
{
  g_return_val_if_fail (MANHATTAN_IS_PANEL (self), -1);

  for (int i = 0; i < MANHATTAN_HAND_SIZE; i++)
    if (gtk_toggle_button_get_active (self->card_buttons[i]))
      return self->card_positions[i];
  return -1;
}

int
manhattan_panel_get_block (ManhattanPanel *self)
{
  g_return_val_if_fail (MANHATTAN_IS_PANEL (self), 0);

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    if (gtk_toggle_button_get_active (self->block_buttons[b]))
      return b;
  return 0;
}

void
manhattan_panel_select_card (ManhattanPanel *self,
                             int             slot)
{
  g_return_if_fail (MANHATTAN_IS_PANEL (self));
  g_return_if_fail (slot >= 0 && slot < MANHATTAN_HAND_SIZE);

  if (gtk_widget_get_sensitive (GTK_WIDGET (self->card_buttons[slot])))
    gtk_toggle_button_set_active (self->card_buttons[slot], TRUE);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

void
manhattan_panel_select_card_position (ManhattanPanel *self,
                                      int             position)
{
  g_return_if_fail (MANHATTAN_IS_PANEL (self));

  for (int i = 0; i < MANHATTAN_HAND_SIZE; i++)
    if (self->card_positions[i] == position)
      {
        manhattan_panel_select_card (self, i);
        return;
      }
}

void
manhattan_panel_select_block (ManhattanPanel *self,
                              int             storeys)
{
  g_return_if_fail (MANHATTAN_IS_PANEL (self));
  g_return_if_fail (storeys >= 1 && storeys <= MANHATTAN_MAX_BLOCK);

  if (gtk_widget_get_sensitive (GTK_WIDGET (self->block_buttons[storeys])))
    gtk_toggle_button_set_active (self->block_buttons[storeys], TRUE);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

void
manhattan_panel_clear_selection (ManhattanPanel *self)
{
  g_return_if_fail (MANHATTAN_IS_PANEL (self));

  self->updating = TRUE;
  for (int i = 0; i < MANHATTAN_HAND_SIZE; i++)
    gtk_toggle_button_set_active (self->card_buttons[i], FALSE);
  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    gtk_toggle_button_set_active (self->block_buttons[b], FALSE);
  self->updating = FALSE;
  update_selected_states (self);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

/* The round, the turn, the clock and the scores: the screen puts them beside the board. */
GtkWidget *
manhattan_panel_get_status (ManhattanPanel *self)
{
  g_return_val_if_fail (MANHATTAN_IS_PANEL (self), NULL);
  return self->status_box;
}

GtkLabel *
manhattan_panel_get_clock_label (ManhattanPanel *self)
{
  g_return_val_if_fail (MANHATTAN_IS_PANEL (self), NULL);
  return self->clock_label;
}
