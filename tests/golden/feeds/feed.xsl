<?xml version="1.0" encoding="UTF-8"?>
<!-- A feed of this site as a page in its language (feeds.py writes one per language) -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:atom="http://www.w3.org/2005/Atom" exclude-result-prefixes="atom">
<xsl:output method="html" encoding="UTF-8" doctype-system="about:legacy-compat"/>
<xsl:template match="/atom:feed">
<html lang="de">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width,initial-scale=1"/>
<title><xsl:value-of select="atom:title"/></title>
<style>
body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a;
  max-width: 44rem; margin: 2rem auto; padding: 0 1rem; }
.intro { border-left: 4px solid #3f51b5; padding-left: 0.8em; }
ol { list-style: none; padding: 0; }
li { border-top: 1px solid #ddd; padding: 0.6em 0; }
h2 { font-size: 1.05rem; margin: 0.2em 0; }
time { color: #555; }
a { color: #303fa1; }
</style>
</head>
<body>
<h1><xsl:value-of select="atom:title"/></h1>
<p class="intro">Dies ist ein Atom-Feed: Kopieren Sie seine Adresse in einen Feedreader, um neue Änderungen zu erhalten. <a href="{atom:link[@rel='alternate']/@href}">Auf der Website ansehen</a></p>
<xsl:if test="not(atom:entry)"><p>Noch keine Änderungen aufgezeichnet.</p></xsl:if>
<ol>
<xsl:for-each select="atom:entry">
<li>
<time datetime="{substring(atom:updated, 1, 10)}"><xsl:call-template name="date">
<xsl:with-param name="when" select="atom:updated"/></xsl:call-template></time>
<h2><a href="{atom:link/@href}"><xsl:value-of select="atom:title"/></a></h2>
<p><xsl:value-of select="atom:summary"/></p>
</li>
</xsl:for-each>
</ol>
</body>
</html>
</xsl:template>
<!-- an Atom date (2026-05-04T12:00:00+00:00) as the site writes dates in this language -->
<xsl:template name="date">
<xsl:param name="when"/>
<xsl:choose>
<xsl:when test="substring($when, 6, 2) = '01'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.01.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '02'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.02.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '03'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.03.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '04'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.04.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '05'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.05.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '06'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.06.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '07'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.07.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '08'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.08.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '09'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.09.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '10'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.10.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '11'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.11.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
<xsl:when test="substring($when, 6, 2) = '12'"><xsl:value-of select="substring($when, 9, 2)"/><xsl:text>.12.</xsl:text><xsl:value-of select="substring($when, 1, 4)"/></xsl:when>
</xsl:choose>
</xsl:template>
</xsl:stylesheet>
