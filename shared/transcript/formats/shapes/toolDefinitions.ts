/**
 * A tool definition as grounding: its name, description, and parameter
 * schema. The schema is kept as its literal JSON so parameter names (object
 * keys, which no string path reaches) and enum values can ground claims.
 */
import type { JsonPath } from '../../json/jsonRegion';
import { str, obj, type JsonObject } from './jsonValues';
import { rawJsonText } from './rawJsonText';
import { emitStringLeaves } from './stringLeaves';
import type { JsonSource, FileOrderTranscriptBuilder } from './fileOrderTranscriptBuilder';

/** Name, description and schema (`parameters`, or `input_schema` for Anthropic). */
export function emitToolDefinition(
  b: FileOrderTranscriptBuilder,
  src: JsonSource,
  def: JsonObject,
  path: JsonPath,
  parent: number,
  schemaKey = 'parameters',
): number {
  const name = str(def.name) ?? 'tool';
  const label = `tool definition ${name}`;
  let tail = parent;
  if (typeof def.name === 'string') tail = b.addString(src, [...path, 'name'], def.name, { role: 'tool_definition', parent: tail, label });
  if (typeof def.description === 'string') {
    tail = b.addString(src, [...path, 'description'], def.description, { role: 'tool_definition', parent: tail, label: `${label} (description)` });
  }
  if (obj(def[schemaKey])) {
    const schema = rawJsonText(src, [...path, schemaKey]);
    if (schema)
      tail = b.add(
        schema.text,
        schema.map,
        src.lineOf([...path, schemaKey]),
        { role: 'tool_definition', parent: tail, label: `${label} (schema)` },
        src.orderOf([...path, schemaKey]),
      );
    else tail = emitStringLeaves(b, src, def[schemaKey], [...path, schemaKey], { role: 'tool_definition', parent: tail, label: `${label} (schema)` });
  }
  return tail;
}
