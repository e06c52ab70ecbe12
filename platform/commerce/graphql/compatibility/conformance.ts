import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedDirective,
  isUnionType,
} from "graphql";

/**
 * Lists every way `ours` is not a strict subset of `official`: a type, field, argument, input
 * field, enum value, union member, interface, directive or directive location that the official
 * schema lacks, or whose type, default or nullability differs; a required argument or input field
 * of the official schema that we omit.
 * An empty list means a client written against the official schema works against ours for
 * everything we expose.
 */
export function schemaDifferences(ours: GraphQLSchema, official: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const type of Object.values(ours.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    const theirs = official.getType(type.name);
    if (!theirs) {
      problems.push(`type ${type.name} does not exist in the official schema`);
      continue;
    }
    if (kind(type) !== kind(theirs)) {
      problems.push(`type ${type.name} is ${kind(type)}, officially ${kind(theirs)}`);
      continue;
    }
    compareType(type, theirs, problems);
  }
  for (const directive of ours.getDirectives()) {
    if (isSpecifiedDirective(directive)) continue;
    const theirs = official.getDirective(directive.name);
    if (!theirs) {
      problems.push(`directive @${directive.name} does not exist in the official schema`);
      continue;
    }
    for (const location of directive.locations) {
      if (!theirs.locations.includes(location)) {
        problems.push(`directive @${directive.name} is allowed on ${location}, officially not`);
      }
    }
    const theirArgs = Object.fromEntries(theirs.args.map((arg) => [arg.name, arg]));
    compareInputs(`@${directive.name}`, directive.args, theirArgs, problems);
  }
  for (const root of ["getQueryType", "getMutationType"] as const) {
    const ourRoot = ours[root]();
    const theirRoot = official[root]();
    if (ourRoot && ourRoot.name !== theirRoot?.name) {
      problems.push(`root ${ourRoot.name} is not the official ${theirRoot?.name ?? "(none)"}`);
    }
  }
  return problems;
}

function kind(type: GraphQLNamedType): string {
  if (isObjectType(type)) return "object";
  if (isInterfaceType(type)) return "interface";
  if (isUnionType(type)) return "union";
  if (isEnumType(type)) return "enum";
  if (isInputObjectType(type)) return "input";
  if (isScalarType(type)) return "scalar";
  return "unknown";
}

function compareType(ours: GraphQLNamedType, theirs: GraphQLNamedType, problems: string[]) {
  if (
    (isObjectType(ours) || isInterfaceType(ours)) &&
    (isObjectType(theirs) || isInterfaceType(theirs))
  ) {
    const theirFields = theirs.getFields();
    for (const field of Object.values(ours.getFields())) {
      const official = theirFields[field.name];
      if (!official) {
        problems.push(`${ours.name}.${field.name} does not exist in the official schema`);
        continue;
      }
      compareField(`${ours.name}.${field.name}`, field, official, problems);
    }
    const theirInterfaces = new Set(theirs.getInterfaces().map((i) => i.name));
    for (const implemented of ours.getInterfaces()) {
      if (!theirInterfaces.has(implemented.name)) {
        problems.push(`${ours.name} implements ${implemented.name}, officially it does not`);
      }
    }
  } else if (isUnionType(ours) && isUnionType(theirs)) {
    const members = new Set(theirs.getTypes().map((t) => t.name));
    for (const member of ours.getTypes()) {
      if (!members.has(member.name))
        problems.push(`${ours.name} includes ${member.name}, officially not`);
    }
  } else if (isEnumType(ours) && isEnumType(theirs)) {
    const values = new Set(theirs.getValues().map((v) => v.name));
    for (const value of ours.getValues()) {
      if (!values.has(value.name))
        problems.push(`enum ${ours.name} has ${value.name}, officially not`);
    }
  } else if (isInputObjectType(ours) && isInputObjectType(theirs)) {
    compareInputs(ours.name, Object.values(ours.getFields()), theirs.getFields(), problems);
  }
}

function compareField(
  path: string,
  ours: GraphQLField<unknown, unknown>,
  theirs: GraphQLField<unknown, unknown>,
  problems: string[],
) {
  if (String(ours.type) !== String(theirs.type)) {
    problems.push(`${path} is ${ours.type}, officially ${theirs.type}`);
  }
  const theirArgs = Object.fromEntries(theirs.args.map((arg) => [arg.name, arg]));
  compareInputs(path, ours.args, theirArgs, problems);
}

function compareInputs(
  path: string,
  ours: readonly (GraphQLArgument | GraphQLInputField)[],
  theirs: Record<string, GraphQLArgument | GraphQLInputField>,
  problems: string[],
) {
  const ourNames = new Set(ours.map((input) => input.name));
  for (const input of ours) {
    const official = theirs[input.name];
    if (!official) {
      problems.push(`${path}(${input.name}) does not exist in the official schema`);
    } else if (String(input.type) !== String(official.type)) {
      problems.push(`${path}(${input.name}) is ${input.type}, officially ${official.type}`);
    } else if (JSON.stringify(input.defaultValue) !== JSON.stringify(official.defaultValue)) {
      problems.push(
        `${path}(${input.name}) defaults to ${input.defaultValue}, officially ${official.defaultValue}`,
      );
    }
  }
  for (const official of Object.values(theirs)) {
    const required = String(official.type).endsWith("!") && official.defaultValue === undefined;
    if (required && !ourNames.has(official.name)) {
      problems.push(`${path}(${official.name}) is required officially but missing`);
    }
  }
}
