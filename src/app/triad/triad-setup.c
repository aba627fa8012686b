/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "triad-setup"

#include "config.h"

#include <glib/gi18n.h>

#include "triad-game.h"
#include "triad-setup.h"

struct _TriadSetup
{
  ParlorSetup parent_instance;

  char      *order;
  char      *hands;
  gboolean   same;
  gboolean   plus;
  gboolean   combo;
};

G_DEFINE_FINAL_TYPE (TriadSetup, triad_setup, PARLOR_TYPE_SETUP)

enum {
  PROP_0,
  PROP_ORDER,
  PROP_HANDS,
  PROP_SAME,
  PROP_PLUS,
  PROP_COMBO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const orders[] = { "first", "second", NULL };
static const char * const hand_modes[] = { "open", "closed", NULL };

char *
triad_rules_summary (gboolean   open,
                     TriadRules rules)
{
  GString *text = g_string_new (open ? _("Open hands") : _("Closed hands"));

  if (rules & TRIAD_RULE_SAME)
    g_string_append_printf (text, " · %s", _("Same"));
  if (rules & TRIAD_RULE_PLUS)
    g_string_append_printf (text, " · %s", _("Plus"));
  if (rules & TRIAD_RULE_COMBO)
    g_string_append_printf (text, " · %s", _("Combo"));
  if ((rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)) == 0)
    g_string_append_printf (text, " · %s", _("no Same or Plus"));
  else if (!(rules & TRIAD_RULE_FF8))
    /* Translators: a game recorded before Same, Plus and Combo followed Final Fantasy VIII */
    g_string_append_printf (text, " · %s", _("Parlor’s first reading"));
  return g_string_free (text, FALSE);
}

static void
update_combo (TriadSetup *self)
{
  gboolean possible = self->same || self->plus;

  if (!possible && self->combo)
    {
      self->combo = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMBO]);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "setup.combo", possible);
}

static gboolean
set_choice (char               **field,
            const char          *value,
            const char * const  *allowed)
{
  if (value == NULL || !g_strv_contains (allowed, value) || g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static void
set_flag (TriadSetup *self,
          gboolean   *field,
          gboolean    value,
          guint       prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
triad_setup_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TriadSetup *self = TRIAD_SETUP (object);

  switch (prop_id)
    {
    case PROP_ORDER: g_value_set_string (value, self->order); break;
    case PROP_HANDS: g_value_set_string (value, self->hands); break;
    case PROP_SAME: g_value_set_boolean (value, self->same); break;
    case PROP_PLUS: g_value_set_boolean (value, self->plus); break;
    case PROP_COMBO: g_value_set_boolean (value, self->combo); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
triad_setup_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  TriadSetup *self = TRIAD_SETUP (object);

  switch (prop_id)
    {
    case PROP_ORDER:
      if (set_choice (&self->order, g_value_get_string (value), orders))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_HANDS:
      if (set_choice (&self->hands, g_value_get_string (value), hand_modes))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_SAME:
      set_flag (self, &self->same, g_value_get_boolean (value), PROP_SAME);
      update_combo (self);
      break;
    case PROP_PLUS:
      set_flag (self, &self->plus, g_value_get_boolean (value), PROP_PLUS);
      update_combo (self);
      break;
    case PROP_COMBO:
      set_flag (self, &self->combo, g_value_get_boolean (value) && (self->same || self->plus),
                PROP_COMBO);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
triad_setup_finalize (GObject *object)
{
  TriadSetup *self = TRIAD_SETUP (object);

  g_free (self->order);
  g_free (self->hands);

  G_OBJECT_CLASS (triad_setup_parent_class)->finalize (object);
}

/* A hosted table draws who moves first. */
static char *
make_config (ParlorSetup *setup,
             gboolean     hosted)
{
  TriadSetup *self = TRIAD_SETUP (setup);

  return triad_setup_make_config (self, hosted ? "random" : triad_setup_goes_first (self) ? "0" : "1");
}

static char *
summary (ParlorSetup *setup)
{
  TriadSetup *self = TRIAD_SETUP (setup);

  return triad_rules_summary (triad_setup_open_hands (self), triad_setup_get_rules (self));
}

static void
triad_setup_class_init (TriadSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = triad_setup_get_property;
  object_class->set_property = triad_setup_set_property;
  object_class->finalize = triad_setup_finalize;

  properties[PROP_ORDER] =
    g_param_spec_string ("order", NULL, NULL, "first",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HANDS] =
    g_param_spec_string ("hands", NULL, NULL, "open",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SAME] =
    g_param_spec_boolean ("same", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLUS] =
    g_param_spec_boolean ("plus", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMBO] =
    g_param_spec_boolean ("combo", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  PARLOR_SETUP_CLASS (klass)->game_info = &triad_game_info;
  PARLOR_SETUP_CLASS (klass)->buttons_below = TRUE;
  PARLOR_SETUP_CLASS (klass)->make_config = make_config;
  PARLOR_SETUP_CLASS (klass)->summary = summary;
  parlor_setup_class_set_template (widget_class, "/io/github/parlorgames/Parlor/triad/triad-setup.ui");

  gtk_widget_class_install_property_action (widget_class, "setup.order", "order");
  gtk_widget_class_install_property_action (widget_class, "setup.hands", "hands");
  gtk_widget_class_install_property_action (widget_class, "setup.same", "same");
  gtk_widget_class_install_property_action (widget_class, "setup.plus", "plus");
  gtk_widget_class_install_property_action (widget_class, "setup.combo", "combo");

  gtk_widget_class_set_css_name (widget_class, "triad-setup");
}

static void
triad_setup_init (TriadSetup *self)
{
  self->order = g_strdup ("first");
  self->hands = g_strdup ("open");

  gtk_widget_init_template (GTK_WIDGET (self));
  update_combo (self);
}

const char *
triad_setup_get_level (TriadSetup *self)
{
  g_return_val_if_fail (TRIAD_IS_SETUP (self), NULL);
  return parlor_setup_get_level (PARLOR_SETUP (self));
}

gboolean
triad_setup_goes_first (TriadSetup *self)
{
  g_return_val_if_fail (TRIAD_IS_SETUP (self), TRUE);
  return g_str_equal (self->order, "first");
}

gboolean
triad_setup_open_hands (TriadSetup *self)
{
  g_return_val_if_fail (TRIAD_IS_SETUP (self), TRUE);
  return g_str_equal (self->hands, "open");
}

TriadRules
triad_setup_get_rules (TriadSetup *self)
{
  TriadRules rules = 0;

  g_return_val_if_fail (TRIAD_IS_SETUP (self), 0);

  if (self->same)
    rules |= TRIAD_RULE_SAME;
  if (self->plus)
    rules |= TRIAD_RULE_PLUS;
  if (self->combo && (self->same || self->plus))
    rules |= TRIAD_RULE_COMBO;
  if (self->same || self->plus)
    rules |= TRIAD_RULE_FF8;
  return rules;
}

char *
triad_setup_make_config (TriadSetup *self,
                         const char *first)
{
  TriadRules rules;

  g_return_val_if_fail (TRIAD_IS_SETUP (self), NULL);

  rules = triad_setup_get_rules (self);
  /* New games play Same, Plus and Combo as Final Fantasy VIII does. */
  return g_strdup_printf ("first=%s hands=%s same=%s plus=%s combo=%s reading=ff8",
                          first,
                          self->hands,
                          rules & TRIAD_RULE_SAME ? "on" : "off",
                          rules & TRIAD_RULE_PLUS ? "on" : "off",
                          rules & TRIAD_RULE_COMBO ? "on" : "off");
}
