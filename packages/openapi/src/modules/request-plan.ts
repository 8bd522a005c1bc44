/** Where an operation's parameter goes in the request. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** One input property and where its value goes. */
export type InputBinding =
  | {
      /** The input property. */
      property: string;
      location: ParameterLocation;
      /** The parameter's name in the document. */
      name: string;
      style: string;
      explode: boolean;
    }
  | { property: string; location: 'body' }
  | { property: string; location: 'body-property'; name: string };

/** What a call of one operation needs to build its request and read its answer. */
export interface RequestPlan {
  method: string;
  /** The path template (`/pets/{petId}`). */
  path: string;
  bindings: InputBinding[];
  /** The request body's media type, when the operation takes a JSON body. */
  bodyMediaType?: string;
  /** Whether the document requires a body (an empty object is sent when no property is given). */
  bodyRequired?: boolean;
}
