# Varnish in front of Comptoir's instances (docs/deployment.md, "A shared cache in front"):
# nginx (TLS) → varnishd → the instances. Debian: apt install varnish varnish-modules (xkey).
#
# It keeps the pages the shop marks public (Cache-Control: public, s-maxage), keyed by URL, host
# and the isProvince cookie, as the shop's own page cache is; it never keeps a request of a
# signed-in shopper (customerAccessToken) or with Authorization; it drops pages by surrogate key
# when the shop sends PURGE with the keys (Surrogate-Key → xkey), or by URL.
#
# Edit: the backend (an instance, or a director over several), and the purge token: the same
# value as the shop's SHARED_CACHE_PURGE_TOKEN.
vcl 4.1;

import xkey;

backend shop {
  .host = "127.0.0.1";
  .port = "3000";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (req.http.X-Purge-Token != "change-this-purge-token") {
      return (synth(403, "Forbidden"));
    }
    if (req.http.X-Purge-Keys) {
      # Hard purge: the pages go at once, none is served stale.
      set req.http.X-Purged = xkey.purge(req.http.X-Purge-Keys);
      return (synth(200, "Purged"));
    }
    # One URL, every variant of it (both isProvince markers).
    ban("obj.http.X-Url == " + req.url);
    return (synth(200, "Banned"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)customerAccessToken=") {
    return (pass);
  }
  # The page varies on isProvince only: it goes in the key (vcl_hash), and the other cookies
  # (a cart's, consent, analytics) neither split the cache nor, since Varnish would then pass,
  # stop it. The instance still gets them on a miss; a page that sets a cookie is not kept.
  if (req.http.Cookie ~ "(^|;\s*)isProvince=true(;|$)") {
    set req.http.X-Province = "true";
  } else {
    unset req.http.X-Province;
  }
  set req.http.X-Saved-Cookie = req.http.Cookie;
  unset req.http.Cookie;
  return (hash);
}

sub vcl_hash {
  hash_data(req.url);
  if (req.http.host) {
    hash_data(req.http.host);
  } else {
    hash_data(server.ip);
  }
  hash_data(req.http.X-Province);
  return (lookup);
}

sub vcl_backend_fetch {
  if (bereq.http.X-Saved-Cookie) {
    set bereq.http.Cookie = bereq.http.X-Saved-Cookie;
  }
  unset bereq.http.X-Saved-Cookie;
  unset bereq.http.X-Province;
}

sub vcl_backend_response {
  # Only what the shop says is public, for a shared cache, and sets no cookie.
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control !~ "(^|[\s,])public([\s,]|$)" ||
      beresp.http.Cache-Control ~ "(^|[\s,])(private|no-store)([\s,]|$)") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  set beresp.http.xkey = beresp.http.Surrogate-Key;
  set beresp.http.X-Url = bereq.url;
  return (deliver);
}

sub vcl_deliver {
  unset resp.http.xkey;
  unset resp.http.X-Url;
  if (obj.uncacheable) {
    set resp.http.X-Shared-Cache = "PASS";
  } elsif (obj.hits > 0) {
    set resp.http.X-Shared-Cache = "HIT";
  } else {
    set resp.http.X-Shared-Cache = "MISS";
  }
}

sub vcl_synth {
  if (req.method == "PURGE" && req.http.X-Purged) {
    set resp.http.X-Purged = req.http.X-Purged;
  }
}
