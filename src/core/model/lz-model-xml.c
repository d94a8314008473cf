/* lz-model-xml.c — reading and writing .luztar model files
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format is fixed by docs/file-format.md and described by the RELAX NG schema
 * data/luztar-model.rng, which is compiled into the library (a GResource),
 * so that loading works from any directory without an installed data file.
 *
 * Loading runs in stages and stops after the first stage that finds
 * problems, reporting all of that stage's problems at once, each as
 * "FILE:LINE: message" on its own line:
 *
 * 1. XML well-formedness (libxml2; %LZ_ERROR_PARSE);
 * 2. our own reading of the tree into an LzModel, which names the element
 *    (tag and id) and the attribute of every problem: unknown elements and
 *    attributes, missing attributes (%LZ_ERROR_SCHEMA), numbers and ranges
 *    (%LZ_ERROR_INVALID_MODEL), expressions (%LZ_ERROR_EXPRESSION);
 * 3. references and whole-model checks: unknown ports, gears on
 *    translational bodies, bodies without a path to inertia or stiffness
 *    (%LZ_ERROR_INVALID_MODEL).
 *
 * Stage 2 checks everything the schema says, with messages that name the
 * element and the attribute; the schema is not applied while loading (its
 * interleave made libxml2's validation quadratic: minutes for 10^5
 * bodies) but kept for other tools and for the tests, which make sure the
 * two agree (tests/core/test-model-xml.c: the good models pass the schema,
 * each structural error of the corpus is one the schema rejects too).
 *
 * libxml2 never prints: its structured errors are collected for the
 * duration of each call and restored afterwards.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "lz-error.h"
#include "lz-file.h"
#include "lz-model.h"
#include "lz-model-private.h"
#include "lz-model-xml.h"
#include "lz-resources.h"

#define SCHEMA_RESOURCE "/org/luztar/lz/luztar-model.rng"
#define ROOT_TAG "luztar-model"

/* libxml2 2.12 made the error argument const. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *LzXmlErrorPtr;
#else
typedef xmlErrorPtr LzXmlErrorPtr;
#endif

/* ------------------------------------------------------------------------ */
/* Capturing libxml2's errors                                                */

typedef struct
{
  GPtrArray *problems;      /* LzProblem * */
  LzError    code;          /* for the problems of the current stage */
  GString   *generic;       /* text of unstructured messages, until '\n' */

  /* The handlers in place before ours, restored afterwards. */
  xmlStructuredErrorFunc old_structured;
  void                  *old_structured_context;
  xmlGenericErrorFunc    old_generic;
  void                  *old_generic_context;
} ErrorSink;

/* An attribute without namespace, in GLib's allocator (libxml2 strings are
 * freed with xmlFree). */
static char *
get_property (xmlNodePtr  node,
              const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

static char *
describe_node (xmlNodePtr node)
{
  g_autofree char *id = NULL;

  if (node == NULL || node->type != XML_ELEMENT_NODE)
    return NULL;
  id = get_property (node, "id");
  if (id != NULL)
    /* TRANSLATORS: an XML tag and the element's id. */
    return g_strdup_printf (_("%s “%s”"), (const char *) node->name, id);
  return g_strdup ((const char *) node->name);
}

static void
on_structured_error (void         *user_data,
                     LzXmlErrorPtr error)
{
  ErrorSink *sink = user_data;
  g_autofree char *message = NULL;
  g_autofree char *what = NULL;
  xmlNodePtr node = error->node;
  int line = error->line;

  if (error->level == XML_ERR_WARNING)
    return;
  message = g_strchomp (g_strdup (error->message != NULL ? error->message : "?"));
  if (error->domain == XML_FROM_RELAXNGV && node != NULL)
    {
      if (line <= 0)
        line = xmlGetLineNo (node);
      what = describe_node (node);
    }
  if (what != NULL)
    {
      g_autofree char *full = g_strdup_printf ("%s: %s", what, message);

      lz_problems_add (sink->problems, line, sink->code, full);
    }
  else
    lz_problems_add (sink->problems, line, sink->code, message);
}

static void on_generic_error (void       *user_data,
                              const char *format,
                              ...) G_GNUC_PRINTF (2, 3);

/* A few libxml2 paths still report through the generic, printf-like
 * channel, in pieces; collect them line by line. */
static void
on_generic_error (void       *user_data,
                  const char *format,
                  ...)
{
  ErrorSink *sink = user_data;
  va_list args;
  char *newline;

  va_start (args, format);
  g_string_append_vprintf (sink->generic, format, args);
  va_end (args);
  while ((newline = strchr (sink->generic->str, '\n')) != NULL)
    {
      gsize len = newline - sink->generic->str;
      g_autofree char *line = g_strndup (sink->generic->str, len);

      if (*g_strstrip (line) != '\0')
        lz_problems_add (sink->problems, 0, sink->code, line);
      g_string_erase (sink->generic, 0, len + 1);
    }
}

static void
sink_begin (ErrorSink *sink,
            GPtrArray *problems,
            LzError    code)
{
  sink->problems = problems;
  sink->code = code;
  sink->generic = g_string_new (NULL);
  sink->old_structured = xmlStructuredError;
  sink->old_structured_context = xmlStructuredErrorContext;
  sink->old_generic = xmlGenericError;
  sink->old_generic_context = xmlGenericErrorContext;
  xmlSetStructuredErrorFunc (sink, on_structured_error);
  xmlSetGenericErrorFunc (sink, on_generic_error);
}

static void
sink_end (ErrorSink *sink)
{
  if (*g_strstrip (sink->generic->str) != '\0')
    lz_problems_add (sink->problems, 0, sink->code, sink->generic->str);
  g_string_free (sink->generic, TRUE);
  xmlSetStructuredErrorFunc (sink->old_structured_context, sink->old_structured);
  xmlSetGenericErrorFunc (sink->old_generic_context, sink->old_generic);
}

/* ------------------------------------------------------------------------ */
/* The schema                                                                */

/**
 * lz_model_get_schema:
 *
 * The RELAX NG schema of the .luztar format (data/luztar-model.rng), as
 * compiled into the library.
 *
 * Returns: (transfer full): the schema text
 */
GBytes *
lz_model_get_schema (void)
{
  GBytes *bytes = g_resource_lookup_data (lz_get_resource (), SCHEMA_RESOURCE,
                                          G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  g_assert (bytes != NULL);
  return bytes;
}

/* ------------------------------------------------------------------------ */
/* Reading the tree (stage 2)                                                */

typedef struct
{
  char *id;
  char *port;
  char *target;
  int   line;
} PendingPort;

static void
pending_port_free (PendingPort *pending)
{
  g_free (pending->id);
  g_free (pending->port);
  g_free (pending->target);
  g_free (pending);
}

typedef struct
{
  LzModel    *model;
  GPtrArray  *problems;      /* stage 2 */
  GPtrArray  *ports;         /* PendingPort *, connected in stage 3 */
  gboolean    seen_description;
  gboolean    seen_what_to_watch;
  gboolean    seen_simulation;
} Reader;

static void
problem (Reader     *reader,
         xmlNodePtr  node,
         LzError     code,
         const char *format,
         ...) G_GNUC_PRINTF (4, 5);

static void
problem (Reader     *reader,
         xmlNodePtr  node,
         LzError     code,
         const char *format,
         ...)
{
  va_list args;

  va_start (args, format);
  lz_problems_add_valist (reader->problems, node != NULL ? xmlGetLineNo (node) : 0, code,
                          format, args);
  va_end (args);
}

static char *
attribute_value (xmlAttrPtr attr)
{
  xmlChar *value = xmlNodeListGetString (attr->doc, attr->children, 1);
  char *copy = g_strdup (value != NULL ? (const char *) value : "");

  xmlFree (value);
  return copy;
}

static char *
qualified_name (xmlNsPtr       ns,
                const xmlChar *name)
{
  if (ns != NULL && ns->prefix != NULL)
    return g_strdup_printf ("%s:%s", (const char *) ns->prefix, (const char *) name);
  if (ns != NULL && ns->href != NULL)
    return g_strdup_printf ("{%s}%s", (const char *) ns->href, (const char *) name);
  return g_strdup ((const char *) name);
}

/* libxml2 gives a text node the line where it ends; a message about stray
 * text should point where the text starts. */
static int
text_line (xmlNodePtr node)
{
  int line = xmlGetLineNo (node);
  const xmlChar *p = node->content;

  while (p != NULL && *p != '\0' && g_ascii_isspace (*p))
    p++;
  for (; p != NULL && *p != '\0'; p++)
    if (*p == '\n')
      line--;
  return MAX (line, 1);
}

static gboolean
is_blank (const xmlChar *text)
{
  for (const xmlChar *p = text; p != NULL && *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return FALSE;
  return TRUE;
}

/* An element of the format holds no other elements and no text (besides
 * blanks and comments); <description> holds text. */
static void
check_no_content (Reader     *reader,
                  xmlNodePtr  node,
                  const char *what,
                  gboolean    text_allowed)
{
  for (xmlNodePtr child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_ELEMENT_NODE)
        {
          g_autofree char *name = qualified_name (child->ns, child->name);

          problem (reader, child, LZ_ERROR_SCHEMA,
                   _("%s: unexpected element “%s” inside"), what, name);
        }
      else if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
               && !text_allowed && !is_blank (child->content))
        lz_problems_add_printf (reader->problems, text_line (child), LZ_ERROR_SCHEMA,
                                _("%s: unexpected text"), what);
      else if (child->type == XML_ENTITY_REF_NODE)
        problem (reader, node, LZ_ERROR_SCHEMA, _("%s: unexpected entity reference"), what);
    }
}

static gboolean
has_attribute (xmlNodePtr  node,
               const char *name)
{
  return xmlHasNsProp (node, (const xmlChar *) name, NULL) != NULL;
}

/* The text of <description>, <what-to-watch> or <question>: no
 * attributes, no elements inside. */
static char *
read_text_element (Reader     *reader,
                   xmlNodePtr  node,
                   const char *what)
{
  xmlChar *content;
  char *text;

  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    {
      g_autofree char *name = qualified_name (attr->ns, attr->name);

      problem (reader, node, LZ_ERROR_SCHEMA, _("%s: unknown attribute “%s”"), what, name);
    }
  check_no_content (reader, node, what, TRUE);
  content = xmlNodeGetContent (node);
  text = g_strdup (content != NULL ? (const char *) content : "");
  xmlFree (content);
  return text;
}

static void
read_description (Reader    *reader,
                  xmlNodePtr node)
{
  g_autofree char *text = NULL;

  if (reader->seen_description)
    problem (reader, node, LZ_ERROR_SCHEMA, _("more than one “%s” element"), "description");
  reader->seen_description = TRUE;
  text = read_text_element (reader, node, "description");
  lz_model_set_description (reader->model, text);
}

/* <what-to-watch> once, <question> any number of times (in order). */
static void
read_lesson_text (Reader    *reader,
                  xmlNodePtr node)
{
  const char *what = (const char *) node->name;
  g_autofree char *text = read_text_element (reader, node, what);

  if (strcmp (what, "question") == 0)
    {
      if (*g_strstrip (text) == '\0')
        problem (reader, node, LZ_ERROR_SCHEMA, _("%s: empty"), what);
      lz_model_add_question (reader->model, text);
      return;
    }
  if (reader->seen_what_to_watch)
    problem (reader, node, LZ_ERROR_SCHEMA, _("more than one “%s” element"), what);
  reader->seen_what_to_watch = TRUE;
  lz_model_set_what_to_watch (reader->model, text);
}

/* The root's lesson="N": the model's place in the course, N ≥ 1. */
static void
read_lesson_number (Reader     *reader,
                    xmlNodePtr  root,
                    const char *value)
{
  guint64 number = 0;

  if (!g_ascii_string_to_unsigned (value, 10, 1, G_MAXINT, &number, NULL))
    {
      problem (reader, root, LZ_ERROR_SCHEMA,
               _("%s: attribute “%s” must be a whole number from 1 up, not “%s”"),
               ROOT_TAG, "lesson", value);
      return;
    }
  lz_model_set_lesson (reader->model, (guint) number);
}

static void
read_simulation (Reader    *reader,
                 xmlNodePtr node)
{
  if (reader->seen_simulation)
    problem (reader, node, LZ_ERROR_SCHEMA, _("more than one “%s” element"), "simulation");
  reader->seen_simulation = TRUE;
  check_no_content (reader, node, "simulation", FALSE);

  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    {
      g_autofree char *name = qualified_name (attr->ns, attr->name);
      g_autofree char *value = attribute_value (attr);
      g_autoptr(GError) error = NULL;
      gboolean known = FALSE;

      for (guint i = 0; attr->ns == NULL && i < lz_simulation_get_n_params (); i++)
        if (strcmp (lz_simulation_get_param (i)->name, name) == 0)
          known = TRUE;
      if (!known)
        {
          problem (reader, node, LZ_ERROR_SCHEMA, _("%s: unknown attribute “%s”"),
                   "simulation", name);
          continue;
        }
      if (!lz_model_set_simulation_parameter_string (reader->model, name, value, &error))
        lz_problems_add_error (reader->problems, xmlGetLineNo (node), error);
    }
  {
    const LzSimulation *sim = lz_model_get_simulation (reader->model);

    if (sim->dt > 0 && sim->dt < lz_simulation_min_step (sim->t_end))
      problem (reader, node, LZ_ERROR_INVALID_MODEL,
               _("simulation, attribute “dt”: the time step %g s is too small for the end time %g s "
                 "(double precision cannot advance the time by it); it must be at least %g s"),
               sim->dt, sim->t_end, lz_simulation_min_step (sim->t_end));
  }
}

/* A friction's levels NAME ("level", "static"): NAME, or both NAME-pos
 * and NAME-neg; none at all only when not REQUIRED. */
static void
check_level_pair (Reader     *reader,
                  xmlNodePtr  node,
                  const char *what,
                  const char *name,
                  gboolean    required)
{
  g_autofree char *pos_name = g_strconcat (name, "-pos", NULL);
  g_autofree char *neg_name = g_strconcat (name, "-neg", NULL);
  gboolean both = has_attribute (node, name);
  gboolean pos = has_attribute (node, pos_name);
  gboolean neg = has_attribute (node, neg_name);

  if (both && (pos || neg))
    problem (reader, node, LZ_ERROR_SCHEMA, _("%s: give either “%s” or both “%s” and “%s”"),
             what, name, pos_name, neg_name);
  else if (!both && !pos && !neg && required)
    problem (reader, node, LZ_ERROR_SCHEMA, _("%s: missing attribute “%s”"), what, name);
  else if (!both && pos != neg)
    problem (reader, node, LZ_ERROR_SCHEMA, _("%s: missing attribute “%s”"),
             what, pos ? neg_name : pos_name);
}

/* Attributes that must be there, besides those flagged REQUIRED: the mass
 * or inertia that fits a body's kind, and a friction's level(s). */
static void
check_required (Reader       *reader,
                xmlNodePtr    node,
                const LzItem *item,
                const char   *what)
{
  guint n = lz_item_kind_get_n_params (item->kind);

  for (guint i = 0; i < n; i++)
    {
      const LzParamSpec *spec = lz_item_kind_get_param (item->kind, i);

      if ((spec->flags & LZ_PARAM_REQUIRED) && !has_attribute (node, spec->name))
        problem (reader, node, LZ_ERROR_SCHEMA, _("%s: missing attribute “%s”"), what, spec->name);
    }

  if (item->kind == LZ_ITEM_BODY)
    {
      gboolean rotational = ((const LzBody *) item)->kind == LZ_BODY_ROTATIONAL;
      const char *wanted = rotational ? "inertia" : "mass";
      const char *other = rotational ? "mass" : "inertia";

      if (has_attribute (node, other))
        problem (reader, node, LZ_ERROR_SCHEMA,
                 rotational ? _("%s: a rotational body takes “inertia”, not “mass”")
                            : _("%s: a translational body takes “mass”, not “inertia”"),
                 what);
      else if (!has_attribute (node, wanted))
        problem (reader, node, LZ_ERROR_SCHEMA, _("%s: missing attribute “%s”"), what, wanted);
    }
  else if (item->kind == LZ_ITEM_FRICTION)
    {
      check_level_pair (reader, node, what, "level", TRUE);
      check_level_pair (reader, node, what, "static", FALSE);
    }
}

static const LzItem *
add_item (Reader     *reader,
          LzItemKind  kind,
          LzBodyKind  body_kind,
          const char *id,
          GError    **error)
{
  if (kind == LZ_ITEM_GROUND)
    return (const LzItem *) lz_model_add_ground (reader->model, id, error);
  if (kind == LZ_ITEM_BODY)
    return (const LzItem *) lz_model_add_body (reader->model, id, body_kind, 1, error);
  if (lz_item_kind_is_element (kind))
    return (const LzItem *) lz_model_add_element (reader->model, kind, id, NULL, NULL, error);
  return (const LzItem *) lz_model_add_source (reader->model, kind, id, NULL, NULL, error);
}

static void
read_item (Reader     *reader,
           xmlNodePtr  node,
           LzItemKind  kind)
{
  const char *tag = lz_item_kind_to_string (kind);
  g_autofree char *id = get_property (node, "id");
  g_autofree char *what = NULL;
  g_autoptr(GError) error = NULL;
  LzBodyKind body_kind = LZ_BODY_TRANSLATIONAL;
  const LzItem *item;

  if (id == NULL)
    {
      problem (reader, node, LZ_ERROR_SCHEMA, _("%s: missing attribute “%s”"), tag, "id");
      return;
    }
  if (kind == LZ_ITEM_BODY)
    {
      /* The kind comes first: it decides between mass and inertia. */
      g_autofree char *kind_text = get_property (node, "kind");

      if (kind_text != NULL && !lz_body_kind_from_string (g_strstrip (kind_text), &body_kind))
        {
          problem (reader, node, LZ_ERROR_INVALID_MODEL,
                   _("body “%s”, attribute “%s”: “%s” is not one of: %s"),
                   id, "kind", kind_text, "translational, rotational");
          return;
        }
    }
  item = add_item (reader, kind, body_kind, id, &error);
  if (item == NULL)
    {
      problem (reader, node, error->code, "%s: %s", tag, error->message);
      return;
    }
  lz_model_set_item_line (reader->model, id, xmlGetLineNo (node));
  what = lz_item_describe (item);
  check_no_content (reader, node, what, FALSE);
  check_required (reader, node, item, what);

  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    {
      g_autofree char *name = qualified_name (attr->ns, attr->name);
      g_autofree char *value = NULL;
      const LzParamSpec *spec;

      if (attr->ns == NULL
          && (strcmp (name, "id") == 0 || (kind == LZ_ITEM_BODY && strcmp (name, "kind") == 0)))
        continue;
      spec = attr->ns == NULL ? lz_item_kind_find_param (kind, name) : NULL;
      if (spec == NULL)
        {
          problem (reader, node, LZ_ERROR_SCHEMA, _("%s: unknown attribute “%s”"), what, name);
          continue;
        }
      /* check_required() reported a mass on a rotational body and the like. */
      if (kind == LZ_ITEM_BODY
          && strcmp (name, ((const LzBody *) item)->kind == LZ_BODY_ROTATIONAL ? "mass"
                                                                              : "inertia") == 0)
        continue;

      value = attribute_value (attr);
      if (spec->type == LZ_PARAM_PORT || spec->type == LZ_PARAM_BODY)
        {
          PendingPort *pending = g_new0 (PendingPort, 1);

          pending->id = g_strdup (id);
          pending->port = g_strdup (name);
          pending->target = g_strstrip (g_strdup (value));
          pending->line = xmlGetLineNo (node);
          g_ptr_array_add (reader->ports, pending);
          continue;
        }
      if (!lz_model_set_parameter_string (reader->model, id, name, value, &error))
        {
          lz_problems_add_error (reader->problems, xmlGetLineNo (node), error);
          g_clear_error (&error);
        }
    }
}

static void
read_root (Reader    *reader,
           xmlNodePtr root)
{
  for (xmlAttrPtr attr = root->properties; attr != NULL; attr = attr->next)
    {
      g_autofree char *name = qualified_name (attr->ns, attr->name);
      g_autofree char *value = attribute_value (attr);

      if (attr->ns == NULL && strcmp (name, "name") == 0)
        lz_model_set_name (reader->model, value);
      else if (attr->ns == NULL && strcmp (name, "lesson") == 0)
        read_lesson_number (reader, root, value);
      else if (attr->ns != NULL || strcmp (name, "version") != 0)
        problem (reader, root, LZ_ERROR_SCHEMA, _("%s: unknown attribute “%s”"), ROOT_TAG, name);
    }

  for (xmlNodePtr node = root->children; node != NULL; node = node->next)
    {
      LzItemKind kind;

      if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE)
        {
          if (!is_blank (node->content))
            lz_problems_add_printf (reader->problems, text_line (node), LZ_ERROR_SCHEMA,
                                    _("%s: unexpected text"), ROOT_TAG);
          continue;
        }
      if (node->type == XML_ENTITY_REF_NODE)
        {
          problem (reader, node, LZ_ERROR_SCHEMA, _("%s: unexpected entity reference"), ROOT_TAG);
          continue;
        }
      if (node->type != XML_ELEMENT_NODE)
        continue;   /* comments and processing instructions */

      if (node->ns != NULL)
        {
          g_autofree char *name = qualified_name (node->ns, node->name);

          problem (reader, node, LZ_ERROR_SCHEMA, _("unknown element “%s”"), name);
        }
      else if (strcmp ((const char *) node->name, "description") == 0)
        read_description (reader, node);
      else if (strcmp ((const char *) node->name, "what-to-watch") == 0
               || strcmp ((const char *) node->name, "question") == 0)
        read_lesson_text (reader, node);
      else if (strcmp ((const char *) node->name, "simulation") == 0)
        read_simulation (reader, node);
      else if (lz_item_kind_from_string ((const char *) node->name, &kind))
        read_item (reader, node, kind);
      else
        problem (reader, node, LZ_ERROR_SCHEMA, _("unknown element “%s”"),
                 (const char *) node->name);
    }
}

/* Stage 3, part one: ports may name items further down the file. */
static void
connect_ports (Reader    *reader,
               GPtrArray *problems)
{
  for (guint i = 0; i < reader->ports->len; i++)
    {
      const PendingPort *pending = reader->ports->pdata[i];
      g_autoptr(GError) error = NULL;

      if (!lz_model_connect (reader->model, pending->id, pending->port, pending->target, &error))
        lz_problems_add_error (problems, pending->line, error);
    }
}

/* The root must be <luztar-model version="1"> before anything else makes
 * sense. */
static gboolean
check_root (xmlDocPtr  doc,
            GPtrArray *problems)
{
  xmlNodePtr root = xmlDocGetRootElement (doc);
  g_autofree char *version = NULL;

  if (doc->intSubset != NULL)
    {
      lz_problems_add (problems, root != NULL ? xmlGetLineNo (root) : 0, LZ_ERROR_SCHEMA,
                       _("document type declarations (<!DOCTYPE …>) are not allowed "
                         "in model files"));
      return FALSE;
    }
  if (root == NULL)
    {
      lz_problems_add (problems, 0, LZ_ERROR_PARSE, _("the document has no root element"));
      return FALSE;
    }
  if (root->ns != NULL || strcmp ((const char *) root->name, ROOT_TAG) != 0)
    {
      g_autofree char *name = qualified_name (root->ns, root->name);
      g_autofree char *message =
        g_strdup_printf (_("the root element is “%s”, expected “%s” (without a namespace)"),
                         name, ROOT_TAG);

      lz_problems_add (problems, xmlGetLineNo (root), LZ_ERROR_SCHEMA, message);
      return FALSE;
    }
  version = get_property (root, "version");
  if (version == NULL)
    {
      g_autofree char *message =
        g_strdup_printf (_("%s: missing attribute “%s”"), ROOT_TAG, "version");

      lz_problems_add (problems, xmlGetLineNo (root), LZ_ERROR_SCHEMA, message);
      return FALSE;
    }
  if (strcmp (g_strstrip (version), LZ_MODEL_FORMAT_VERSION) != 0)
    {
      g_autofree char *message =
        g_strdup_printf (_("%s, attribute “version”: format version “%s” is not supported "
                           "(this program reads version %s)"),
                         ROOT_TAG, version, LZ_MODEL_FORMAT_VERSION);

      lz_problems_add (problems, xmlGetLineNo (root), LZ_ERROR_SCHEMA, message);
      return FALSE;
    }
  return TRUE;
}

/* Stage 1. */
static xmlDocPtr
parse_xml (const char *data,
           gsize       length,
           const char *display_name,
           GPtrArray  *problems)
{
  xmlParserCtxtPtr parser;
  xmlDocPtr doc;
  ErrorSink sink;
  gboolean well_formed;
  g_autofree char *lines = NULL;

  if (length > G_MAXINT)
    {
      lz_problems_add (problems, 0, LZ_ERROR_PARSE, _("the file is too large"));
      return NULL;
    }
  if (length == 0)
    {
      lz_problems_add (problems, 0, LZ_ERROR_PARSE, _("the file is empty"));
      return NULL;
    }

  xmlInitParser ();
  sink_begin (&sink, problems, LZ_ERROR_PARSE);
  parser = xmlNewParserCtxt ();
  /* A file with classic Mac line ends (CR alone): libxml2 counts lines by
   * LF, so every message would say line 1.  XML reads CR and CR LF as LF
   * anyway (XML 1.0 §2.11); so do we, before parsing. */
  if (memchr (data, '\r', length) != NULL)
    {
      gsize n = 0;

      lines = g_malloc (length);
      for (gsize i = 0; i < length; i++)
        if (data[i] != '\r')
          lines[n++] = data[i];
        else if (i + 1 == length || data[i + 1] != '\n')
          lines[n++] = '\n';
      data = lines;
      length = n;
    }
  /* No network, no external entities or DTDs (we do not ask for them),
   * line numbers beyond 65535. */
  doc = xmlCtxtReadMemory (parser, data, (int) length, display_name, NULL,
                           XML_PARSE_NONET | XML_PARSE_BIG_LINES);
  well_formed = parser->wellFormed && parser->nsWellFormed;
  xmlFreeParserCtxt (parser);
  sink_end (&sink);

  if (doc == NULL || !well_formed || problems->len > 0)
    {
      if (problems->len == 0)
        lz_problems_add (problems, 0, LZ_ERROR_PARSE, _("not a well-formed XML document"));
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  return doc;
}

/**
 * lz_model_load_from_data:
 * @data: the bytes of a .luztar file (need not be NUL-terminated)
 * @length: the number of bytes in @data
 * @display_name: the name used in messages (usually the file name)
 * @error: return location for an #LZ_ERROR error: %LZ_ERROR_PARSE (not
 *   well-formed XML), %LZ_ERROR_SCHEMA (structure), %LZ_ERROR_INVALID_MODEL
 *   (values, references, consistency) or %LZ_ERROR_EXPRESSION
 *
 * Reads a model.  On failure the message lists every problem of the first
 * stage that failed, one "@display_name:LINE: message" per line, each
 * naming the element by tag and id and the attribute concerned.  A model
 * that loads also passes lz_model_validate().
 *
 * Returns: (transfer full) (nullable): the model, or %NULL on error
 */
LzModel *
lz_model_load_from_data (const char *data,
                         gsize       length,
                         const char *display_name,
                         GError    **error)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(LzModel) model = NULL;
  xmlDocPtr doc;
  Reader reader = { 0 };

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  problems = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_problem_free);
  doc = parse_xml (data, length, display_name, problems);
  if (doc == NULL)
    {
      lz_problems_to_error (problems, display_name, error);
      return NULL;
    }

  if (check_root (doc, problems))
    {
      model = lz_model_new (NULL);
      reader.model = model;
      reader.problems = problems;
      reader.ports = g_ptr_array_new_with_free_func ((GDestroyNotify) pending_port_free);
      read_root (&reader, xmlDocGetRootElement (doc));

      if (problems->len == 0)
        {
          connect_ports (&reader, problems);
          if (problems->len == 0)
            lz_model_collect_problems (model, problems);
        }
      g_ptr_array_unref (reader.ports);
    }
  xmlFreeDoc (doc);

  if (!lz_problems_to_error (problems, display_name, error))
    return NULL;
  return g_steal_pointer (&model);
}

/**
 * lz_model_load:
 * @path: a .luztar file (in the GLib file name encoding)
 * @error: return location for an #LZ_ERROR error; %LZ_ERROR_IO if the file
 *   cannot be read
 *
 * Reads a model file; see lz_model_load_from_data().  Messages start with
 * @path as given.  Only a regular file of at most %LZ_MODEL_MAX_FILE_SIZE
 * bytes is read (a FIFO, a device or a larger file is refused in words).
 *
 * Returns: (transfer full) (nullable): the model, or %NULL on error
 */
LzModel *
lz_model_load (const char *path,
               GError    **error)
{
  g_autoptr(GError) io_error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *display = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display = g_filename_display_name (path);
  if (!lz_file_read_regular (path, LZ_MODEL_MAX_FILE_SIZE, &contents, &length, &io_error))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_IO, "%s: %s", display, io_error->message);
      return NULL;
    }
  return lz_model_load_from_data (contents, length, display, error);
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                   */

static void
set_attributes (xmlNodePtr node,
                GPtrArray *attributes)
{
  for (guint i = 0; i + 1 < attributes->len; i += 2)
    xmlNewProp (node, (const xmlChar *) attributes->pdata[i],
                (const xmlChar *) attributes->pdata[i + 1]);
}

/* Every item in file order: grounds, bodies, elements, sources. */
static void
write_items (const LzModel *model,
             xmlNodePtr     root)
{
  for (guint i = 0; i < lz_model_get_n_items (model); i++)
    {
      const LzItem *item = lz_model_get_item (model, i);
      g_autoptr(GPtrArray) attributes = lz_model_item_attributes (model, item);
      xmlNodePtr node = xmlNewChild (root, NULL,
                                     (const xmlChar *) lz_item_kind_to_string (item->kind), NULL);

      xmlNewProp (node, (const xmlChar *) "id", (const xmlChar *) item->id);
      set_attributes (node, attributes);
    }
}

/* What to watch and the questions are written as they are, like the
 * description. */
static gboolean
lesson_is_file_text (const LzModel *model)
{
  if (!lz_is_file_text (lz_model_get_what_to_watch (model)))
    return FALSE;
  for (guint i = 0; i < lz_model_get_n_questions (model); i++)
    if (!lz_is_file_text (lz_model_get_question (model, i)))
      return FALSE;
  return TRUE;
}

/**
 * lz_model_save_to_data:
 * @model: a model
 * @length: (out) (optional): return location for the length in bytes
 * @error: return location for an %LZ_ERROR_INVALID_MODEL error
 *
 * Writes @model as a .luztar document (UTF-8, two-space indentation).
 * Numbers are written with the fewest digits that read back exactly
 * (lz_number_to_string()), attributes at their default value are left
 * out, items are grouped by category in their order.  Loading the result
 * gives a model lz_model_equal() to @model.  A model that fails
 * lz_model_validate() is not written, so that every saved file loads.
 *
 * Returns: (transfer full) (nullable): the NUL-terminated document, or
 *   %NULL on error
 */
char *
lz_model_save_to_data (const LzModel *model,
                       gsize         *length,
                       GError       **error)
{
  g_autoptr(GPtrArray) simulation = NULL;
  xmlDocPtr doc;
  xmlNodePtr root;
  xmlChar *buffer = NULL;
  int size = 0;
  char *result;
  const char *description;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lz_model_validate (model, error))
    return NULL;
  description = lz_model_get_description (model);
  if (!lz_is_file_text (lz_model_get_name (model)) || !lz_is_file_text (description)
      || !lesson_is_file_text (model))
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                           _("the name or the description contains characters that a model "
                             "file cannot hold"));
      return NULL;
    }

  doc = xmlNewDoc ((const xmlChar *) "1.0");
  root = xmlNewDocNode (doc, NULL, (const xmlChar *) ROOT_TAG, NULL);
  xmlDocSetRootElement (doc, root);
  xmlNewProp (root, (const xmlChar *) "version", (const xmlChar *) LZ_MODEL_FORMAT_VERSION);
  if (*lz_model_get_name (model) != '\0')
    xmlNewProp (root, (const xmlChar *) "name", (const xmlChar *) lz_model_get_name (model));
  if (lz_model_get_lesson (model) > 0)
    {
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      g_snprintf (number, sizeof number, "%u", lz_model_get_lesson (model));
      xmlNewProp (root, (const xmlChar *) "lesson", (const xmlChar *) number);
    }
  if (*description != '\0')
    xmlNewTextChild (root, NULL, (const xmlChar *) "description", (const xmlChar *) description);
  if (*lz_model_get_what_to_watch (model) != '\0')
    xmlNewTextChild (root, NULL, (const xmlChar *) "what-to-watch",
                     (const xmlChar *) lz_model_get_what_to_watch (model));
  for (guint i = 0; i < lz_model_get_n_questions (model); i++)
    xmlNewTextChild (root, NULL, (const xmlChar *) "question",
                     (const xmlChar *) lz_model_get_question (model, i));

  write_items (model, root);

  simulation = lz_model_simulation_attributes (model);
  set_attributes (xmlNewChild (root, NULL, (const xmlChar *) "simulation", NULL), simulation);

  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  xmlFreeDoc (doc);
  if (buffer == NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_FAILED, _("cannot write the document"));
      return NULL;
    }
  result = g_strndup ((const char *) buffer, size);
  xmlFree (buffer);
  if (length != NULL)
    *length = size;
  return result;
}

/**
 * lz_model_save:
 * @model: a model
 * @path: the file to write
 * @error: return location for an %LZ_ERROR_INVALID_MODEL or %LZ_ERROR_IO
 *   error
 *
 * Writes @model to @path atomically: the document goes to a temporary file
 * in the same directory, which is flushed and then renamed over @path, so
 * that a crash leaves either the old or the new file, never a mix.
 *
 * Returns: %TRUE on success
 */
gboolean
lz_model_save (const LzModel *model,
               const char    *path,
               GError       **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) io_error = NULL;
  gsize length;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = lz_model_save_to_data (model, &length, error);
  if (data == NULL)
    return FALSE;
  /* symlinks followed, permissions kept, synced, the old file intact on
   * any failure (lz-file.c) */
  if (!lz_file_replace (path, data, length, &io_error))
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_IO, io_error->message);
      return FALSE;
    }
  return TRUE;
}
